# -*- Python -*-
# lit configuration of the GoogleTest unit tests: every executable named
# *Tests in the build folder of test/Unit is run, one lit test per test case.
import lit.formats

config.name = "gradgen-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = config.gradgen_unit_tests_dir
config.test_exec_root = config.gradgen_unit_tests_dir
config.excludes = ["CMakeFiles"]
config.environment.pop("TERM", None)
