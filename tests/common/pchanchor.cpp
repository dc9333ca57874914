// Nothing: the object library around this file only builds the tests' precompiled header
// (see ac_add_test_pch in tests/CMakeLists.txt).
