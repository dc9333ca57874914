#pragma once

#include <QString>
#include <QStringList>

/// The headings and links every method's explanation page shares, translated once (in the
/// explanation panel's context) instead of in each method file: the pages keep one outline —
/// what it means geometrically, when to use it, pitfalls — and link the same pages.
namespace PageSections {

QString geometryHeading();
QString whenToUseHeading();
QString pitfallsHeading();
/// A method's page in that outline: the geometry and the when-to-use HTML under their headings,
/// then the pitfalls as a bulleted list, so that every method file writes only its own text.
QString outline(const QString &geometry, const QString &whenToUse, const QStringList &pitfalls);
/// A link to a section of the Common mistakes page, e.g. mistakesLink("sqrt").
QString mistakesLink(const QString &anchor);
/// A link to a section of the Softmax and temperature page, e.g. softmaxLink("gradients").
QString softmaxLink(const QString &anchor);

} // namespace PageSections
