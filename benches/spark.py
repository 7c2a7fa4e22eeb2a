"""What a Spark task pays a file for the guide's recipe (docs/src/scale-out.md).

In a local[2] session, warm, over the files under FOLDER, the best of
five runs of each: the files read alone, a Python UDF that only returns a
file's length, and the recipe's UDF (`analyze` and its rows). On a
shared machine the three differ by less than their noise. Run it with the Python that has the
package and pyspark: `python benches/spark.py FOLDER`.
"""

import os
import sys
import time
from pathlib import Path

RECIPES = Path(__file__).resolve().parents[1] / "python" / "recipes"
sys.path.insert(0, str(RECIPES))
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

import spark_recipe  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402
from pyspark.sql import types as T  # noqa: E402


def best_of_five(frame) -> float:
    frame.collect()  # Python workers started, the plan compiled
    times = []
    for _ in range(5):
        started = time.perf_counter()
        frame.collect()
        times.append(time.perf_counter() - started)
    return min(times)


def main(folder: str) -> None:
    started = time.perf_counter()
    spark = SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    spark.sparkContext.addPyFile(spark_recipe.__file__)
    print(f"session started in {time.perf_counter() - started:.1f} s")
    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .load(folder)
        .select(F.col("_metadata.file_path").alias("uri"), "content")
    )
    count = files.count()
    length = F.udf(lambda uri, content: len(content), T.LongType())
    evaluated = files.select(spark_recipe.evaluate("uri", "content").alias("file"))
    runs = {
        "read only": files.agg(F.sum(F.length("content"))),
        "length UDF": files.select(length("uri", "content").alias("length")).agg(F.sum("length")),
        "recipe UDF": evaluated.agg(F.sum(F.size("file.results")), F.sum(F.size("file.diagnostics"))),
    }
    took = {label: best_of_five(frame) for label, frame in runs.items()}
    for label, seconds in took.items():
        print(f"{label}: {seconds:.2f} s for {count} files, {seconds * 2 / count * 1000:.2f} ms a file on a core")
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1])
