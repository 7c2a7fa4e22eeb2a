"""Files evaluated in a Polars frame: a row a record, a row a diagnostic."""

import json
from pathlib import Path

import cardsharp
import polars as pl

RECORD = pl.Struct({"path": pl.String, "line": pl.Int64, "game": pl.String, "result": pl.String})
# Diagnostics stay the JSON lines of `cardsharp check --diagnostics json`:
# their labels, related reports and fixes nest.
EVALUATION = pl.Struct({"results": pl.List(RECORD), "diagnostics": pl.List(pl.String)})


def evaluate(file: dict) -> dict:
    """One file's records and diagnostics, named by its path."""
    analysis = cardsharp.analyze(file["content"], path=file["path"])
    return {
        "results": [{key: r[key] for key in RECORD.to_schema()} for r in analysis["results"]],
        "diagnostics": [json.dumps(d) for d in analysis["diagnostics"]],
    }


def evaluate_files(paths: list[Path]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The records (path, line, game, result) and the diagnostics of `paths`."""
    files = pl.DataFrame(
        {"path": [str(p) for p in paths], "content": [p.read_bytes() for p in paths]},
        schema={"path": pl.String, "content": pl.Binary},
    )
    evaluated = files.select(
        pl.struct("path", "content").map_elements(evaluate, return_dtype=EVALUATION).alias("file")
    ).unnest("file")
    records = evaluated.select("results").explode("results").drop_nulls().unnest("results")
    diagnostics = evaluated.select(pl.col("diagnostics").alias("diagnostic")).explode("diagnostic").drop_nulls()
    return records, diagnostics
