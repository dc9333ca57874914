#include "text/numberformat.h"

#include <QStringList>

#include <cmath>

// The rule, for every number a learner reads (step table, formula, chart bars, heat maps,
// tooltips, canvas labels, walkthrough answers):
//
// 1. Three decimals (kDecimals): 0.204, 1.400, −0.487. The same weight is the same string in
//    the table, on the bar, on the canvas and in the heat map. Three decimals tell the weights
//    of 64 keys apart and fit a chart's bar; a view with too little room hides a number rather
//    than round it further. Columns keep their trailing zeros so that the points line up;
//    arithmetic written out drops them (written(): "1.2×0.5 = 0.6"), which is the same rounding.
// 2. Magnitudes below 10⁻³ that are not zero would read 0.000: they are written in scientific
//    notation with two significant digits, "1.1 × 10⁻⁷" (a weight that small still exists, and
//    exp(−16) can be checked on a calculator). Magnitudes from 10⁶ up are written as
//    "1.235 × 10⁶". Magnitudes below 10⁻¹² are written as 0: in sums of numbers near 1 they are
//    the rounding noise of doubles (0.15 − 0.15 = 2.8 × 10⁻¹⁷), not a result.
// 3. A true minus sign (U+2212), never a hyphen; axis ticks too (tick()).
// 4. A line of arithmetic must be right at the precision it is shown with: its result is shown
//    by this rule (as everywhere else), and an operand that would make the line wrong is shown
//    with the extra digits that make it right (operandDecimals()): "0.2124 − 0.7006 = −0.488"
//    rather than "0.212 − 0.701 = −0.488", which a learner finds off by 0.001. So the same
//    number reads the same everywhere as a result, and a line checked by hand always comes
//    out. Angles are shown in degrees with one decimal; axis ticks with the decimals of their
//    step.
namespace NumberFormat {

namespace {
constexpr double kNoise = 1e-12;

// The rule's choice for x, in the C locale: "1.1e-07", "-0.512".
QString plain(double x, int decimals)
{
    const double a = std::abs(x);
    if (!std::isfinite(x))
        return QString::number(x);
    if (a < kNoise)
        return QString::number(0.0, 'f', decimals);
    if (a < std::pow(10.0, -decimals))
        return QString::number(x, 'e', std::max(1, decimals - 2));
    if (a >= 1e6)
        return QString::number(x, 'e', decimals);
    return QString::number(x, 'f', decimals);
}

QString minus(QString s)
{
    if (s.startsWith(QLatin1Char('-')))
        s.replace(0, 1, QChar(0x2212));
    return s;
}

// "1.1e-07" → "1.1 × 10⁻⁷"
QString pretty(const QString &s)
{
    const qsizetype e = s.indexOf(QLatin1Char('e'));
    if (e < 0)
        return minus(s);
    const QString mantissa = s.left(e);
    const int exponent = s.mid(e + 1).toInt();
    return minus(mantissa) + QStringLiteral(" × 10") + superscript(exponent);
}
} // namespace

QString number(double x, int decimals)
{
    if (std::isinf(x))
        return x > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    return pretty(plain(x, decimals));
}

QString written(double x, int decimals)
{
    QString s = plain(x, decimals);
    if (!s.contains(QLatin1Char('e')) && s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    if (s == QLatin1String("-0"))
        s = QStringLiteral("0");
    return std::isinf(x) ? number(x, decimals) : pretty(s);
}

double shown(double x, int decimals)
{
    return std::isfinite(x) ? plain(x, decimals).toDouble() : x;
}

int operandDecimals(const std::vector<double> &operands, double result,
                    const std::function<double(const std::vector<double> &)> &evaluate,
                    int decimals)
{
    const QString target = number(result, decimals);
    std::vector<double> rounded(operands.size());
    for (int d = decimals; d < decimals + 4; ++d) {
        for (std::size_t i = 0; i < operands.size(); ++i)
            rounded[i] = shown(operands[i], d);
        if (number(evaluate(rounded), decimals) == target)
            return d;
    }
    return decimals + 4;
}

QString vector(const attn::Vector &v, int decimals)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << number(v[i], decimals);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

QString tick(double value, double step)
{
    // The fewest decimals that write the step exactly: 0.5 → 1, 0.25 → 2, 2 → 0.
    int decimals = 0;
    while (step > 0 && decimals < 6) {
        const double scaled = step * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * scaled)
            break;
        ++decimals;
    }
    // A tick at −0.0 (rounding on the way from the range's minimum) is 0.
    if (std::abs(value) < step * 1e-6)
        value = 0;
    return minus(QString::number(value, 'f', decimals));
}

QString subscript(int number)
{
    QString s = QString::number(number);
    for (QChar &c : s)
        c = QChar(0x2080 + c.digitValue());
    return s;
}

QString superscript(int number)
{
    static const char16_t digits[] = {0x2070, 0x00B9, 0x00B2, 0x00B3, 0x2074,
                                      0x2075, 0x2076, 0x2077, 0x2078, 0x2079};
    QString s;
    if (number < 0)
        s += QChar(0x207B);
    for (QChar c : QString::number(std::abs(number)))
        s += QChar(digits[c.digitValue()]);
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
