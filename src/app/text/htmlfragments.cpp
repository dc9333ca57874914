#include "text/htmlfragments.h"

#include "theme/colorscheme.h"

namespace HtmlFragments {

QString num(double x, int decimals)
{
    return NumberFormat::written(x, decimals);
}

QString factor(double x, int decimals)
{
    return x < 0 ? QLatin1Char('(') + num(x, decimals) + QLatin1Char(')') : num(x, decimals);
}

QString vec(const attn::Vector &v, int decimals)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << num(v[i], decimals);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

QString matrix(const attn::Matrix &m)
{
    QStringList rows;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        QStringList cells;
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            cells << num(m(r, c));
        rows << cells.join(QStringLiteral("&nbsp;&nbsp;"));
    }
    return QLatin1Char('[') + rows.join(QStringLiteral("; ")) + QLatin1Char(']');
}

QString degrees(double deg)
{
    return NumberFormat::number(deg, 1) + QStringLiteral("°");
}

QString eq(const QString &lhs, const QString &rhs)
{
    return lhs + QStringLiteral("&nbsp;=&nbsp;") + rhs;
}

QString sub(const QString &base, const QString &index)
{
    return base + QStringLiteral("<sub>") + index + QStringLiteral("</sub>");
}

QString coloured(const QString &html, const QColor &c)
{
    return QStringLiteral("<span style='color:%1'>%2</span>").arg(c.name(), html);
}

QString qSym()
{
    return coloured(QStringLiteral("q"), ColorScheme::query());
}

QString kSym(const QString &index)
{
    return coloured(sub(QStringLiteral("k"), index), ColorScheme::key());
}

QString vSym(const QString &index)
{
    return coloured(sub(QStringLiteral("v"), index), ColorScheme::value());
}

QString title(const QString &text)
{
    return QStringLiteral("<h2>") + text + QStringLiteral("</h2>");
}

QString heading(const QString &text)
{
    return QStringLiteral("<h3>") + text + QStringLiteral("</h3>");
}

QString para(const QString &text)
{
    return QStringLiteral("<p>") + text + QStringLiteral("</p>");
}

QString bulleted(const QStringList &items)
{
    QString s = QStringLiteral("<ul>");
    for (const QString &item : items)
        s += QStringLiteral("<li>") + item + QStringLiteral("</li>");
    return s + QStringLiteral("</ul>");
}

QString section(const QString &headingText, const QStringList &paragraphs)
{
    QString s = heading(headingText);
    for (const QString &text : paragraphs)
        s += para(text);
    return s;
}

QString formulaBox(const QStringList &lines, double pointSize)
{
    return QStringLiteral("<table width='100%' cellspacing='0' cellpadding='8' bgcolor='%1'>"
                          "<tr><td align='center'><span style='font-size:%2pt'>%3</span>"
                          "</td></tr></table>")
        .arg(ColorScheme::panel().name(), QString::number(pointSize, 'f', 1),
             lines.join(QStringLiteral("<br>")));
}

QString linkScheme()
{
    return QStringLiteral("ac");
}

QString link(const QString &target, const QString &text)
{
    return QStringLiteral("<a href='%1:%2'>%3</a>").arg(linkScheme(), target, text);
}

} // namespace HtmlFragments
