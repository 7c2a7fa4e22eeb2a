"""The package gives what the command line gives, on the examples and on generated files."""

from pathlib import Path

import cardsharp
import pytest
from conftest import REPOSITORY, command_line

EXAMPLES = sorted(
    path.relative_to(REPOSITORY)
    for path in (REPOSITORY / "examples").rglob("*")
    if path.is_file() and path.suffix != ".rs"
)


def test_there_are_examples_to_compare():
    assert len(EXAMPLES) > 50


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_analyze_equals_the_command_line_on_each_example(binary, example, monkeypatch):
    monkeypatch.chdir(REPOSITORY)
    text = example.read_bytes()
    assert cardsharp.analyze(text, path=str(example)) == command_line(binary, [example])


@pytest.mark.parametrize(("game", "layout"), [("auto", "tokens"), ("bridge", "lines"), ("whist", "strict")])
def test_game_and_layout_are_the_command_line_options(binary, game, layout, monkeypatch):
    monkeypatch.chdir(REPOSITORY)
    for example in [Path("examples/mixed.txt"), Path("examples/tokens.txt"), Path("examples/whist.txt")]:
        analysis = cardsharp.analyze(example.read_text(), game=game, layout=layout, path=str(example))
        assert analysis == command_line(binary, [example], "--game", game, "--layout", layout)


def test_run_files_equals_the_command_line_on_a_generated_folder(binary, mixed_folder):
    analysis = cardsharp.run_files([mixed_folder])
    assert analysis == command_line(binary, [mixed_folder])
    assert len(analysis["results"]) > 1000
    assert len(analysis["diagnostics"]) > 50


def test_run_files_equals_the_command_line_on_the_examples_folder(binary, monkeypatch):
    monkeypatch.chdir(REPOSITORY)
    assert cardsharp.run_files(["examples"]) == command_line(binary, ["examples"])


def test_run_files_filters_as_glob_and_exclude_do(binary, mixed_folder):
    analysis = cardsharp.run_files([str(mixed_folder)], glob=["*1?.txt"], exclude=["part 1"])
    paths = {Path(result["path"]) for result in analysis["results"]}
    assert paths
    assert all(path.parent.name == "part0" and path.stem[-2] == "1" for path in paths)
    options = ["--glob", "*1?.txt", "--exclude", "part 1"]
    assert analysis == command_line(binary, [mixed_folder], *options)


def test_a_bad_glob_is_a_value_error():
    with pytest.raises(ValueError, match="glob"):
        cardsharp.run_files(["."], glob=["a{"])


def test_a_missing_path_is_a_diagnostic_as_on_the_command_line(binary, tmp_path):
    missing = tmp_path / "missing.txt"
    analysis = cardsharp.run_files([missing])
    assert [d["code"] for d in analysis["diagnostics"]] == ["cardsharp::io::not_found"]
    assert analysis == command_line(binary, [missing])


def test_bytes_and_str_give_the_same():
    text = (REPOSITORY / "examples" / "mixed.txt").read_text()
    assert cardsharp.analyze(text) == cardsharp.analyze(text.encode())


def test_standard_input_is_the_default_name():
    analysis = cardsharp.analyze("KS QS\n")
    assert [d["filename"] for d in analysis["diagnostics"]] == ["<stdin>"]


def test_the_readme_results_of_the_mixed_example():
    analysis = cardsharp.run_files([REPOSITORY / "examples" / "mixed.txt"])
    readme = (REPOSITORY / "README.md").read_text()
    shown = readme.split("The first prints:\n\n```\n", 1)[1].split("```", 1)[0]
    assert [result["result"] for result in analysis["results"]] == shown.splitlines()
    assert analysis["diagnostics"] == []


def test_results_are_plain_dicts():
    result = cardsharp.analyze("KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n")["results"][0]
    assert type(result) is dict
    assert result["span"] == {"offset": 0, "length": 38}
    assert result["result"] == "BID D"


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: cardsharp.analyze("", game="poker"), ValueError),
        (lambda: cardsharp.analyze("", layout="columns"), ValueError),
        (lambda: cardsharp.analyze(42), TypeError),
        (lambda: cardsharp.run_files("examples"), TypeError),
    ],
)
def test_wrong_arguments_are_python_errors(call, error):
    with pytest.raises(error):
        call()
