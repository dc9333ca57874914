#include "text/htmlfragments.h"
#include "text/writtenarithmetic.h"

#include <QTest>

namespace {

attn::Vector vec2(double x, double y)
{
    attn::Vector v(2);
    v << x, y;
    return v;
}

const QString kMinus = QStringLiteral("\u2212");

} // namespace

/// The one copy of the HTML helpers that the explanation pages, the step panel and the method
/// files share: the strings are written out here by hand.
class TestHtmlFragments : public QObject
{
    Q_OBJECT

private slots:
    void numbers();
    void markup();
    void sumsAndProducts();
    void digitsGrowWhereTheLineNeedsThem();
};

void TestHtmlFragments::numbers()
{
    using namespace HtmlFragments;
    QCOMPARE(num(1.2), QStringLiteral("1.2"));
    QCOMPARE(num(2.0), QStringLiteral("2"));
    QCOMPARE(num(0.12345), QStringLiteral("0.123"));
    QCOMPARE(num(0.12345, 4), QStringLiteral("0.1235"));
    QCOMPARE(num(-0.5), kMinus + QStringLiteral("0.5"));
    QCOMPARE(factor(0.5), QStringLiteral("0.5"));
    QCOMPARE(factor(-0.5), QStringLiteral("(") + kMinus + QStringLiteral("0.5)"));
    QCOMPARE(vec(vec2(1.5, -2)), QStringLiteral("(1.5, ") + kMinus + QStringLiteral("2)"));
    attn::Matrix m(2, 2);
    m << 1, 0.5, 0, 2;
    QCOMPARE(matrix(m), QStringLiteral("[1&nbsp;&nbsp;0.5; 0&nbsp;&nbsp;2]"));
    QCOMPARE(degrees(29.74), QStringLiteral("29.7°"));
}

void TestHtmlFragments::markup()
{
    using namespace HtmlFragments;
    QCOMPARE(eq(QStringLiteral("s"), QStringLiteral("1")), QStringLiteral("s&nbsp;=&nbsp;1"));
    QCOMPARE(sub(QStringLiteral("k"), QStringLiteral("2")), QStringLiteral("k<sub>2</sub>"));
    QCOMPARE(coloured(QStringLiteral("q"), QColor(0x12, 0x34, 0x56)),
             QStringLiteral("<span style='color:#123456'>q</span>"));
    QCOMPARE(para(QStringLiteral("x")), QStringLiteral("<p>x</p>"));
    QCOMPARE(bulleted({QStringLiteral("a"), QStringLiteral("b")}),
             QStringLiteral("<ul><li>a</li><li>b</li></ul>"));
    QCOMPARE(section(QStringLiteral("H"), {QStringLiteral("a"), QStringLiteral("b")}),
             QStringLiteral("<h3>H</h3><p>a</p><p>b</p>"));
    QCOMPARE(link(QStringLiteral("mistakes#sqrt"), QStringLiteral("Common mistakes")),
             QStringLiteral("<a href='ac:mistakes#sqrt'>Common mistakes</a>"));
    QVERIFY(formulaBox({QStringLiteral("a"), QStringLiteral("b")}, 15)
                .contains(QStringLiteral("font-size:15.0pt'>a<br>b</span>")));
}

void TestHtmlFragments::sumsAndProducts()
{
    using namespace WrittenArithmetic;
    attn::Vector terms(3);
    terms << 1, -2, 3.5;
    QCOMPARE(sum(terms), QStringLiteral("1 ") + kMinus + QStringLiteral(" 2 + 3.5"));
    const attn::Vector a = vec2(1.2, 0.8), b = vec2(0.5, -1);
    const QString expectedProducts =
        QStringLiteral("1.2×0.5 + 0.8×(") + kMinus + QStringLiteral("1)");
    QCOMPARE(products(a, b), expectedProducts);
    // 1.2×0.5 + 0.8×(−1) = 0.6 − 0.8 = −0.2
    QCOMPARE(dotProduct(a, b, -0.2),
             expectedProducts + QStringLiteral(" = 0.6 ") + kMinus + QStringLiteral(" 0.8"));
    QCOMPARE(rootOfSquares(vec2(3, 4), 5), QStringLiteral("√(3² + 4²)"));
    QCOMPARE(dotOf({1, 2, 3, 4}), 1.0 * 3 + 2.0 * 4);
    QCOMPARE(joined(vec2(1, 2), vec2(3, 4)), (Numbers{1, 2, 3, 4}));
}

void TestHtmlFragments::digitsGrowWhereTheLineNeedsThem()
{
    using namespace WrittenArithmetic;
    // 0.0004 × 0.0004 shown at three decimals would be 0 × 0; the product 1.6e-7 still shows
    // as 0, so three decimals are enough for the line to check out.
    QCOMPARE(digitsFor({0.0004, 0.0004}, 1.6e-7, product), 3);
    // 0.2124 + 0.2124 = 0.4248, shown 0.425; at three decimals the operands read 0.212 and
    // their sum 0.424: a fourth decimal is needed.
    QCOMPARE(digitsFor({0.2124, 0.2124}, 0.4248, addAll), 4);
}

QTEST_MAIN(TestHtmlFragments)
#include "tst_htmlfragments.moc"
