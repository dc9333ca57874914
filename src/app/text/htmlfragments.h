#pragma once

#include "core/types.h"
#include "text/numberformat.h"

#include <QColor>
#include <QString>
#include <QStringList>

/// The pieces of HTML that the explanation pages, the step panel and the method files write
/// numbers, vectors, coloured symbols and paragraphs with. One copy, so that a number or a
/// symbol reads the same in every panel.
namespace HtmlFragments {

/// A number as the learner would write it by hand: the house rule's decimals without trailing
/// zeros (the same rounding as the table and the chart).
QString num(double x, int decimals = NumberFormat::kDecimals);
/// A factor inside a product: negative numbers in parentheses.
QString factor(double x, int decimals = NumberFormat::kDecimals);
/// "(1.2, 0.8)"
QString vec(const attn::Vector &v, int decimals = NumberFormat::kDecimals);
/// "[a  b; c  d]": a matrix on one line, rows separated by semicolons.
QString matrix(const attn::Matrix &m);
/// "37.5°"
QString degrees(double deg);
/// "lhs = rhs" that never breaks across lines.
QString eq(const QString &lhs, const QString &rhs);
/// "base<sub>index</sub>"
QString sub(const QString &base, const QString &index);
QString coloured(const QString &html, const QColor &c);

/// q, kᵢ and vᵢ in the lesson's colours.
QString qSym();
QString kSym(const QString &index = QStringLiteral("i"));
QString vSym(const QString &index = QStringLiteral("i"));

QString title(const QString &text);
QString heading(const QString &text);
QString para(const QString &text);
QString bulleted(const QStringList &items);
/// A heading and its paragraphs: the shape of every section of the explanation pages, so that
/// a page reads as a list of sections rather than a run of appends.
QString section(const QString &heading, const QStringList &paragraphs);
/// The formula in a tinted box, centred and larger than the text around it.
QString formulaBox(const QStringList &lines, double pointSize);

/// The scheme of the links between the explanation pages: "ac:softmax", "ac:mistakes#overflow".
QString linkScheme();
/// A link to another page of the explanation panel, e.g. link("mistakes#sqrt", …).
QString link(const QString &target, const QString &text);

} // namespace HtmlFragments
