#include "numberformat.h"

#include <QStringList>

#include <cmath>

namespace NumberFormat {

QString number(double x, int decimals)
{
    const double a = std::abs(x);
    QString s = (a != 0 && (a >= 1e6 || a < std::pow(10.0, -decimals)))
                    ? QString::number(x, 'g', decimals)
                    : QString::number(x, 'f', decimals);
    if (s.startsWith(QLatin1Char('-')))
        s.replace(0, 1, QChar(0x2212));
    return s;
}

QString vector(const attn::Vector &v, int decimals)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << number(v[i], decimals);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

QString subscript(int number)
{
    QString s = QString::number(number);
    for (QChar &c : s)
        c = QChar(0x2080 + c.digitValue());
    return s;
}

double niceStep(double span, int intervals)
{
    const double raw = span / intervals;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / mag;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

} // namespace NumberFormat
