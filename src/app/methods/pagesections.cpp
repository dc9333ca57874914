#include "methods/pagesections.h"

#include "text/htmlfragments.h"

#include <QCoreApplication>

namespace PageSections {

using HtmlFragments::bulleted;
using HtmlFragments::heading;
using HtmlFragments::link;

QString geometryHeading()
{
    return heading(QCoreApplication::translate("ExplanationText", "What it means geometrically"));
}

QString whenToUseHeading()
{
    return heading(QCoreApplication::translate("ExplanationText", "When to use it"));
}

QString pitfallsHeading()
{
    return heading(QCoreApplication::translate("ExplanationText", "Pitfalls"));
}

QString outline(const QString &geometry, const QString &whenToUse, const QStringList &pitfalls)
{
    return geometryHeading() + geometry + whenToUseHeading() + whenToUse + pitfallsHeading() +
           bulleted(pitfalls);
}

QString mistakesLink(const QString &anchor)
{
    return link(QStringLiteral("mistakes#") + anchor,
                QCoreApplication::translate("ExplanationText", "Common mistakes"));
}

QString softmaxLink(const QString &anchor)
{
    return link(QStringLiteral("softmax#") + anchor,
                QCoreApplication::translate("ExplanationText", "Softmax and temperature"));
}

} // namespace PageSections
