#include "text/writtenarithmetic.h"

#include "text/htmlfragments.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace WrittenArithmetic {

using HtmlFragments::factor;
using HtmlFragments::num;
using NumberFormat::kDecimals;

Numbers numbers(const attn::Vector &v)
{
    return Numbers(v.data(), v.data() + v.size());
}

Numbers joined(const attn::Vector &a, const attn::Vector &b)
{
    Numbers x = numbers(a);
    const Numbers y = numbers(b);
    x.insert(x.end(), y.begin(), y.end());
    return x;
}

double addAll(const Numbers &x)
{
    double s = 0;
    for (double v : x)
        s += v;
    return s;
}

double product(const Numbers &x)
{
    return x[0] * x[1];
}

double quotient(const Numbers &x)
{
    return x[0] / x[1];
}

double dotOf(const Numbers &x)
{
    const std::size_t half = x.size() / 2;
    double t = 0;
    for (std::size_t i = 0; i < half; ++i)
        t += x[i] * x[half + i];
    return t;
}

int digitsFor(const Numbers &operands, double result,
              const std::function<double(const Numbers &)> &evaluate, int decimals)
{
    return NumberFormat::operandDecimals(operands, result, evaluate, decimals);
}

QString sum(const attn::Vector &terms, int decimals)
{
    QString s;
    for (Eigen::Index i = 0; i < terms.size(); ++i) {
        if (i == 0)
            s += num(terms[i], decimals);
        else if (terms[i] < 0)
            s += QStringLiteral(" − ") + num(-terms[i], decimals);
        else
            s += QStringLiteral(" + ") + num(terms[i], decimals);
    }
    return s;
}

QString products(const attn::Vector &a, const attn::Vector &b, int decimals)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        parts << factor(a[i], decimals) + QStringLiteral("×") + factor(b[i], decimals);
    return parts.join(QStringLiteral(" + "));
}

QString dotProduct(const attn::Vector &a, const attn::Vector &b, double result, int decimals)
{
    const attn::Vector terms = a.cwiseProduct(b);
    const int termDigits = digitsFor(numbers(terms), result, addAll, decimals);
    int factorDigits = kDecimals;
    for (Eigen::Index j = 0; j < a.size(); ++j)
        factorDigits =
            std::max(factorDigits, digitsFor({a[j], b[j]}, terms[j], product, termDigits));
    return products(a, b, factorDigits) + QStringLiteral(" = ") + sum(terms, termDigits);
}

QString productsFor(const attn::Vector &a, const attn::Vector &b, double result, int decimals)
{
    return products(a, b, digitsFor(joined(a, b), result, dotOf, decimals));
}

QString rootOfSquares(const attn::Vector &v, double norm)
{
    const int digits = digitsFor(numbers(v), norm, [](const Numbers &x) {
        double s = 0;
        for (double c : x)
            s += c * c;
        return std::sqrt(s);
    });
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << factor(v[i], digits) + QStringLiteral("²");
    return QStringLiteral("√(") + parts.join(QStringLiteral(" + ")) + QLatin1Char(')');
}

} // namespace WrittenArithmetic
