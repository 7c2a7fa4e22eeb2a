"""Every file of a folder evaluated on Spark: a row a record, a row a diagnostic."""

import json
from urllib.parse import unquote, urlparse

import cardsharp
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

RECORD = T.StructType(
    [
        T.StructField("path", T.StringType()),
        T.StructField("line", T.LongType()),
        T.StructField("game", T.StringType()),
        T.StructField("result", T.StringType()),
    ]
)
# Diagnostics stay the JSON lines of `cardsharp check --diagnostics json`:
# their labels, related reports and fixes nest.
EVALUATION = T.StructType(
    [
        T.StructField("results", T.ArrayType(RECORD)),
        T.StructField("diagnostics", T.ArrayType(T.StringType())),
    ]
)


def local_path(uri: str) -> str:
    """The path `cardsharp run` prints for a file Spark names `file:/...`; other URIs as they are."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


# No type hints: Spark would read them as a pandas UDF's.
@F.udf(EVALUATION)
def evaluate(uri, content):
    """One file's records and diagnostics, named by its path."""
    analysis = cardsharp.analyze(content, path=local_path(uri))
    return {
        "results": analysis["results"],
        "diagnostics": [json.dumps(d) for d in analysis["diagnostics"]],
    }


def evaluate_folder(spark: SparkSession, folder: str) -> tuple[DataFrame, DataFrame]:
    """The records (path, line, game, result) and the diagnostics of every file under `folder`."""
    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .load(folder)
        # Not input_file_name(): beside a Python UDF it may name another file.
        .select(F.col("_metadata.file_path").alias("uri"), "content")
    )
    evaluated = files.select(evaluate("uri", "content").alias("file")).cache()
    records = evaluated.select(F.explode("file.results").alias("record")).select("record.*")
    diagnostics = evaluated.select(F.explode("file.diagnostics").alias("diagnostic"))
    return records, diagnostics
