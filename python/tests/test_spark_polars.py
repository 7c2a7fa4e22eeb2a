"""The guide's recipes for Spark and Polars give the command line's rows."""

import json
import sys
import time

import polars
import pyspark
import spark_recipe
from conftest import command_line, sorted_rows
from polars_recipe import evaluate_files
from pyspark.sql import SparkSession


def expected_rows(binary, folder):
    """`run` and `check` over the folder: the records as the recipes keep them, every diagnostic whole."""
    printed = command_line(binary, [folder])
    records = [{key: r[key] for key in ("path", "line", "game", "result")} for r in printed["results"]]
    return sorted_rows(records), sorted_rows(printed["diagnostics"])


def test_the_folder_is_large_and_faulty_enough(mixed_folder):
    files = list(mixed_folder.rglob("*.txt"))
    assert len(files) >= 200
    assert len({file.parent for file in files}) == 2


def test_spark_uris_become_the_paths_run_prints():
    assert spark_recipe.local_path("file:///data/part%201/a.txt") == "/data/part 1/a.txt"
    assert spark_recipe.local_path("file:/data/a.txt") == "/data/a.txt"
    assert spark_recipe.local_path("s3a://bucket/a.txt") == "s3a://bucket/a.txt"


def test_spark_rows_equal_the_command_line(binary, mixed_folder, capsys, monkeypatch):
    # The workers run this Python, where the package is installed.
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    started = time.perf_counter()
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("cardsharp")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    try:
        # The recipe is a module of its own: the workers import it too.
        spark.sparkContext.addPyFile(spark_recipe.__file__)
        records, diagnostics = spark_recipe.evaluate_folder(spark, str(mixed_folder))
        rows = sorted_rows([row.asDict() for row in records.collect()])
        reports = sorted_rows([json.loads(row.diagnostic) for row in diagnostics.collect()])
    finally:
        spark.stop()
    elapsed = time.perf_counter() - started
    expected_records, expected_reports = expected_rows(binary, mixed_folder)
    assert rows == expected_records
    assert reports == expected_reports
    assert len(reports) > 50
    with capsys.disabled():
        print(
            f"\nspark {pyspark.__version__} local[2]: {len(list(mixed_folder.rglob('*.txt')))} files, "
            f"{len(rows)} records, {len(reports)} diagnostics in {elapsed:.1f} s (session start included)"
        )


def test_polars_rows_equal_the_command_line(binary, mixed_folder, capsys):
    started = time.perf_counter()
    records, diagnostics = evaluate_files(sorted(mixed_folder.rglob("*.txt")))
    elapsed = time.perf_counter() - started
    rows = sorted_rows(records.to_dicts())
    reports = sorted_rows([json.loads(line) for line in diagnostics["diagnostic"]])
    expected_records, expected_reports = expected_rows(binary, mixed_folder)
    assert rows == expected_records
    assert reports == expected_reports
    with capsys.disabled():
        print(f"\npolars {polars.__version__}: {len(rows)} records, {len(reports)} diagnostics in {elapsed:.2f} s")
