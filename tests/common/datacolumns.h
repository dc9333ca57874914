#pragma once

// A `_data()` table's columns in one statement, dataColumns<int, double>("dimension", "sigma"),
// instead of one QTest::addColumn line each: the heading of a table reads as one row, like its
// rows, and the many tables of the suite stop repeating the same column of calls.

#include <QTest>

template <typename... Types, typename... Names> void dataColumns(const Names &...names)
{
    static_assert(sizeof...(Types) == sizeof...(Names), "one name for each column type");
    (QTest::addColumn<Types>(names), ...);
}
