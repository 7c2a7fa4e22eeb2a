"""Bridge, Choker and whist hand files, read by the cardsharp library.

``analyze`` evaluates a text and ``run_files`` files and folders. Both
return ``{"results": [...], "diagnostics": [...]}``: each result is the
dict of one line of ``cardsharp run --output json``, each diagnostic that
of one line of ``cardsharp check --diagnostics json``. The work is the
Rust library's; this package only hands it over.
"""

from cardsharp._native import analyze, run_files

__all__ = ["analyze", "run_files"]
