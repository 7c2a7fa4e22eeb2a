"""Types of the extension module that ``cardsharp`` re-exports."""

import os
from typing import Any, Literal, Optional, Sequence, TypedDict, Union

Game = Literal["auto", "bridge", "choker", "whist"]
Layout = Literal["lines", "tokens", "strict"]

class Analysis(TypedDict):
    """The command line's JSON lines, each parsed into a dict."""

    results: list[dict[str, Any]]
    """One a record, as ``cardsharp run --output json`` writes it."""
    diagnostics: list[dict[str, Any]]
    """One a diagnostic, as ``cardsharp check --diagnostics json`` writes it."""

def analyze(
    text: Union[str, bytes],
    game: Game = "auto",
    layout: Layout = "lines",
    path: Optional[Union[str, os.PathLike[str]]] = None,
) -> Analysis:
    """Evaluate one text as ``cardsharp run --output json`` evaluates standard input.

    ``path`` names the text (``"<stdin>"`` when ``None``): it is each
    result's ``path`` and each diagnostic's ``filename``.
    """

def run_files(
    paths: Sequence[Union[str, os.PathLike[str]]],
    game: Game = "auto",
    layout: Layout = "lines",
    glob: Sequence[str] = (),
    exclude: Sequence[str] = (),
) -> Analysis:
    """Evaluate files and folders as ``cardsharp run --output json PATH...`` does.

    A folder is walked as the command line walks one. ``glob`` keeps only
    the files that match one of its gitignore globs, ``exclude`` skips
    those that match one of its own. A path that cannot be read is a
    diagnostic, not an exception.
    """
