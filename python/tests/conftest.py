"""What the tests share: the binary to compare with, and a folder of generated files."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
# The recipes of the guide's "Beyond one machine", imported as written.
sys.path.insert(0, str(REPOSITORY / "python" / "recipes"))


@pytest.fixture(scope="session")
def binary() -> Path:
    """The command line the package is held equal to: `$CARDSHARP`, else the release build."""
    path = Path(os.environ.get("CARDSHARP", REPOSITORY / "target" / "release" / "cardsharp"))
    assert path.is_file(), f"{path} is missing: run `cargo build --release` or set CARDSHARP"
    return path


def command_line(binary: Path, paths: list, *options: str) -> dict:
    """What `run --output json` and `check --diagnostics json` print over `paths`, each line parsed."""
    run = subprocess.run(
        [binary, "run", "--output", "json", *options, *map(str, paths)],
        capture_output=True,
        check=False,
    )
    check = subprocess.run(
        [binary, "check", "--diagnostics", "json", *options, *map(str, paths)],
        capture_output=True,
        check=False,
    )
    # 2 is an input that cannot be read, which is a diagnostic as well; a
    # usage error would be no JSON, and fail below.
    assert run.returncode in (0, 1, 2), run.stderr
    assert check.returncode in (0, 1, 2), check.stderr
    return {
        "results": [json.loads(line) for line in run.stdout.splitlines()],
        "diagnostics": [json.loads(line) for line in check.stderr.splitlines()],
    }


# Faults planted in some generated files: each a change of a file's text.
DAMAGES = [
    lambda text: text.replace("\nEND\n", "\nEN\n", 1),
    lambda text: text.replace("\n#\n", "\n", 1),
    lambda text: text.replace("T", "10", 1),
    lambda text: text.lower(),
    lambda text: "a line of prose\n" + text,
    lambda text: text.replace(" ", ",", 3),
    lambda text: text.rstrip("\n").rsplit("\n", 1)[0] + "\n",
]


@pytest.fixture(scope="session")
def mixed_folder(binary: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """240 generated files of mixed games in two subfolders (a space in one's name, which a URI
    escapes); every third one damaged."""
    folder = tmp_path_factory.mktemp("mixed")
    for number in range(240):
        generated = subprocess.run(
            [binary, "gen", "mixed", "--count", str(number % 5 + 1), "--seed", str(number)],
            capture_output=True,
            check=True,
            text=True,
        ).stdout
        if number % 3 == 0:
            generated = DAMAGES[number // 3 % len(DAMAGES)](generated)
        file = folder / ("part0", "part 1")[number % 2] / f"hands{number:03}.txt"
        file.parent.mkdir(exist_ok=True)
        file.write_text(generated)
    return folder


def sorted_rows(rows: list) -> list:
    """Rows in one order whatever order they were made in."""
    return sorted(rows, key=lambda row: json.dumps(row, sort_keys=True))
