#include "common/datacolumns.h"
#include "common/explanationpages.h"
#include "common/smallmatrices.h"
#include "core/types.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"

#include <QComboBox>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QTranslator>

#include <cmath>
#include <memory>

Q_DECLARE_METATYPE(attn::Method)
Q_DECLARE_METATYPE(attn::Vector)

namespace {

using smallmatrices::vec;

/// What the reader sees, with non-breaking spaces read as spaces.
QString shown(const ExplanationPanel &panel)
{
    return panel.browser()->toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

/// Three decimals (the app's rule for every number) without trailing zeros, written here by
/// hand (not with the app's formatter).
QString threeDecimals(double x)
{
    QString s = QString::number(x, 'f', 3);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    return s;
}

QTextTable *firstTable(QTextDocument *doc)
{
    for (QTextFrame *frame : doc->rootFrame()->childFrames())
        if (auto *table = qobject_cast<QTextTable *>(frame))
            return table;
    return nullptr;
}

QString cellText(QTextTable *table, int row, int column)
{
    const QTextTableCell cell = table->cellAt(row, column);
    QTextCursor c = cell.firstCursorPosition();
    c.setPosition(cell.lastCursorPosition().position(), QTextCursor::KeepAnchor);
    return c.selectedText().trimmed();
}

/// Marks every string of the panel's contexts, so that a retranslation shows.
class MarkingTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        const QByteArray c(context);
        if (c == "ExplanationPanel" || c == "ExplanationText")
            return QStringLiteral("ZZ ") + QString::fromUtf8(source);
        return {};
    }
    bool isEmpty() const override { return false; }
};

struct Fixture
{
    SceneModel model;
    ExplanationPanel panel{&model};
    Fixture()
    {
        panel.resize(420, 700);
        panel.show();
    }
};

} // namespace

class TestExplanationPanel : public QObject
{
    Q_OBJECT

private slots:
    void followsMethod_data();
    void followsMethod();
    void quotesTheScene_data();
    void quotesTheScene();
    void updateMatchesFullPage_data();
    void updateMatchesFullPage();
    void hiddenPanelCatchesUp();
    void pageSelector_data();
    void pageSelector();
    void links_data();
    void links();
    void glossaryHasBothColumns_data();
    void glossaryHasBothColumns();
    void mistakesCoverTheSource_data();
    void mistakesCoverTheSource();
    void retranslates();
    void chinese();
    void projectorFont();
};

void TestExplanationPanel::followsMethod_data()
{
    dataColumns<attn::Method, QString, QString>("method", "formula", "topic");
    QTest::newRow("dot") << attn::Method::Dot << QStringLiteral("‖q‖ ‖ki‖ cos θi")
                         << QStringLiteral("Length dominates.");
    QTest::newRow("scaled") << attn::Method::Scaled << QStringLiteral("q·ki / √d")
                            << QStringLiteral("Var(q·k) = d·σ⁴");
    QTest::newRow("cosine") << attn::Method::Cosine << QStringLiteral("(‖q‖ ‖ki‖)")
                            << QStringLiteral("A zero vector has no direction.");
    QTest::newRow("general") << attn::Method::General << QStringLiteral("qT W ki")
                             << QStringLiteral("The score is not symmetric.");
    QTest::newRow("additive") << attn::Method::Additive
                              << QStringLiteral("vT tanh(Wq q + Wk ki + b)")
                              << QStringLiteral("tanh saturates.");
    QTest::newRow("multi-head") << attn::Method::MultiHead << QStringLiteral("o = WO [o(1)")
                                << QStringLiteral("Scale by the head's dimension.");
}

void TestExplanationPanel::followsMethod()
{
    QFETCH(attn::Method, method);
    QFETCH(QString, formula);
    QFETCH(QString, topic);
    Fixture f;
    // Start from another method, scrolled down, so that the change is seen and resets the view.
    f.model.setMethod(method == attn::Method::Dot ? attn::Method::Cosine : attn::Method::Dot);
    f.panel.browser()->verticalScrollBar()->setValue(200);

    f.model.setMethod(method);
    const QString text = shown(f.panel);
    QVERIFY2(text.contains(formula), qPrintable(text.left(300)));
    QVERIFY(text.contains(topic));
    for (const char *heading :
         {"What it means geometrically", "When to use it", "Pitfalls", "In your scene"})
        QVERIFY2(text.contains(QLatin1String(heading)), heading);
    QCOMPARE(f.panel.browser()->verticalScrollBar()->value(), 0);
    QCOMPARE(f.panel.page(), ExplanationPanel::Page::Method);
}

void TestExplanationPanel::quotesTheScene_data()
{
    dataColumns<attn::Vector, QString>("query", "norm");
    // ‖q‖ by hand: √(1.2² + 0.8²) = √2.08, √(3² + 4²) = 5, √(0.6² + 0.8²) = 1.
    QTest::newRow("article") << vec(1.2, 0.8) << QStringLiteral("1.442");
    QTest::newRow("3-4-5") << vec(3, 4) << QStringLiteral("5");
    QTest::newRow("unit") << vec(-0.6, 0.8) << QStringLiteral("1");
}

void TestExplanationPanel::quotesTheScene()
{
    QFETCH(attn::Vector, query);
    QFETCH(QString, norm);
    Fixture f;
    f.model.setMethod(attn::Method::Dot);
    QVERIFY(f.model.setQuery(query));
    const QString text = shown(f.panel);
    QVERIFY2(text.contains(QStringLiteral("Your query has length ‖q‖ = %1.").arg(norm)),
             qPrintable(text.right(400)));

    // The key with the largest weight, its dot-product score and its softmax weight, by a
    // naive loop over the article's keys.
    const double keys[3][2] = {{0.5, 1.0}, {1.5, 0.5}, {0.8, 1.2}};
    double s[3], sum = 0;
    int best = 0;
    for (int i = 0; i < 3; ++i) {
        s[i] = query[0] * keys[i][0] + query[1] * keys[i][1];
        sum += std::exp(s[i]);
        if (s[i] > s[best])
            best = i;
    }
    const QString expected = QStringLiteral("The largest weight goes to k%1: s = %2, w = %3.")
                                 .arg(best + 1)
                                 .arg(threeDecimals(s[best]), threeDecimals(std::exp(s[best]) / sum));
    QVERIFY2(text.contains(expected),
             qPrintable(expected + QStringLiteral("\n") + text.right(400)));
}

void TestExplanationPanel::updateMatchesFullPage_data()
{
    QTest::addColumn<attn::Method>("method");
    for (int m = 0; m < attn::kMethodCount; ++m)
        QTest::newRow(attn::methodId(attn::Method(m))) << attn::Method(m);
}

void TestExplanationPanel::updateMatchesFullPage()
{
    // During a drag only "In your scene" is replaced; the result must read exactly like a page
    // built from scratch for the same scene. Changes in quick succession reach the page through
    // a 50 ms throttle, hence the wait.
    QFETCH(attn::Method, method);
    for (auto page : {ExplanationPanel::Page::Method, ExplanationPanel::Page::Softmax}) {
        Fixture f;
        f.model.setMethod(method);
        f.panel.setPage(page);
        for (int step = 1; step <= 5; ++step)
            QVERIFY(f.model.setQuery(vec(1.2 - 0.4 * step, 0.8 + 0.3 * step)));
        QVERIFY(f.model.setTemperature(0.25));

        ExplanationPanel fresh(&f.model);
        fresh.setPage(page);
        fresh.resize(420, 700);
        fresh.show();
        QTRY_COMPARE(shown(f.panel), shown(fresh));
        QVERIFY(shown(f.panel).contains(QStringLiteral("In your scene")));
    }
}

void TestExplanationPanel::hiddenPanelCatchesUp()
{
    Fixture f;
    f.model.setMethod(attn::Method::Dot);
    f.panel.hide();
    QVERIFY(f.model.setQuery(vec(3, 4)));
    f.model.setMethod(attn::Method::Cosine);
    f.panel.show();
    const QString text = shown(f.panel);
    QVERIFY(text.contains(QStringLiteral("A zero vector has no direction.")));
    QVERIFY(text.contains(QStringLiteral("The angles between q and the keys")));
    QVERIFY(f.panel.html().contains(QStringLiteral("In your scene")));
}

void TestExplanationPanel::pageSelector_data()
{
    dataColumns<int, ExplanationPanel::Page, QString>("downPresses", "page", "title");
    QTest::newRow("softmax") << 1 << ExplanationPanel::Page::Softmax
                             << QStringLiteral("Why the maximum is subtracted");
    QTest::newRow("glossary") << 2 << ExplanationPanel::Page::Glossary
                              << QStringLiteral("scaled dot-product attention");
    QTest::newRow("mistakes") << 3 << ExplanationPanel::Page::Mistakes
                              << QStringLiteral("5. The lost plus sign in additive attention");
}

void TestExplanationPanel::pageSelector()
{
    QFETCH(int, downPresses);
    QFETCH(ExplanationPanel::Page, page);
    QFETCH(QString, title);
    Fixture f;
    auto *combo = f.panel.findChild<QComboBox *>(QStringLiteral("pageCombo"));
    QVERIFY(combo);
    QSignalSpy spy(&f.panel, &ExplanationPanel::pageChanged);
    combo->setFocus();
    for (int i = 0; i < downPresses; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(f.panel.page(), page);
    QCOMPARE(spy.count(), downPresses);
    QVERIFY(shown(f.panel).contains(title));

    // The method page comes back with the method's text.
    for (int i = 0; i < downPresses; ++i)
        QTest::keyClick(combo, Qt::Key_Up);
    QCOMPARE(f.panel.page(), ExplanationPanel::Page::Method);
    QVERIFY(shown(f.panel).contains(QStringLiteral("In your scene")));
}

void TestExplanationPanel::links_data()
{
    dataColumns<attn::Method, QString, ExplanationPanel::Page, bool>("method", "href", "page",
                                                                     "scrolled");
    QTest::newRow("see also softmax") << attn::Method::Dot << QStringLiteral("ac:softmax")
                                      << ExplanationPanel::Page::Softmax << false;
    QTest::newRow("see also glossary") << attn::Method::Cosine << QStringLiteral("ac:glossary")
                                       << ExplanationPanel::Page::Glossary << false;
    QTest::newRow("heads mistake") << attn::Method::MultiHead << QStringLiteral("ac:mistakes#heads")
                                   << ExplanationPanel::Page::Mistakes << true;
    QTest::newRow("plus mistake") << attn::Method::Additive << QStringLiteral("ac:mistakes#plus")
                                  << ExplanationPanel::Page::Mistakes << true;
}

void TestExplanationPanel::links()
{
    QFETCH(attn::Method, method);
    QFETCH(QString, href);
    QFETCH(ExplanationPanel::Page, page);
    QFETCH(bool, scrolled);
    Fixture f;
    f.model.setMethod(method);
    QTextBrowser *browser = f.panel.browser();
    QVERIFY2(explanationpages::clickLink(browser, href), qPrintable(href));

    QCOMPARE(f.panel.page(), page);
    if (scrolled)
        QVERIFY(browser->verticalScrollBar()->value() > 0);
    else
        QCOMPARE(browser->verticalScrollBar()->value(), 0);
}

void TestExplanationPanel::glossaryHasBothColumns_data()
{
    // Rows of TEACHING.md's glossary, copied from it.
    dataColumns<int, QString, QString>("row", "english", "chinese");
    QTest::newRow("first") << 1 << QStringLiteral("query / key / value")
                           << QStringLiteral("查询 / 键 / 值");
    QTest::newRow("weight") << 3 << QStringLiteral("attention weight")
                            << QStringLiteral("注意力权重");
    QTest::newRow("general") << 8 << QStringLiteral("general (bilinear) score")
                             << QStringLiteral("通用（双线性）分数");
    QTest::newRow("softmax") << 13 << QStringLiteral("softmax")
                             << QStringLiteral("softmax（归一化指数函数）");
    QTest::newRow("normalise") << 21 << QStringLiteral("normalise (L2)")
                               << QStringLiteral("（L2）归一化");
    QTest::newRow("export") << 27 << QStringLiteral("export") << QStringLiteral("导出");
    // The app's own terms follow TEACHING.md's.
    QTest::newRow("identity") << 28 << QStringLiteral("identity matrix")
                              << QStringLiteral("单位矩阵");
    QTest::newRow("induction head")
        << 54 << QStringLiteral("induction head") << QStringLiteral("归纳头");
    QTest::newRow("attention sink") << 60 << QStringLiteral("attention sink")
                                    << QStringLiteral("注意力汇聚点（attention sink）");
    QTest::newRow("last") << 61 << QStringLiteral("dimension lab") << QStringLiteral("维度实验室");
}

void TestExplanationPanel::glossaryHasBothColumns()
{
    QFETCH(int, row);
    QFETCH(QString, english);
    QFETCH(QString, chinese);
    Fixture f;
    f.panel.setPage(ExplanationPanel::Page::Glossary);

    // The same two columns whatever the interface language: the Chinese column is data.
    MarkingTranslator marking;
    for (bool translated : {false, true}) {
        if (translated) {
            QCoreApplication::installTranslator(&marking);
            QCoreApplication::processEvents(); // the language change is posted to windows
        }
        QTextTable *table = firstTable(f.panel.browser()->document());
        QVERIFY(table);
        QCOMPARE(table->columns(), 2);
        QCOMPARE(table->rows(), 1 + 61);
        QCOMPARE(cellText(table, 0, 0), QStringLiteral("English"));
        QCOMPARE(cellText(table, 0, 1), QStringLiteral("中文"));
        QCOMPARE(cellText(table, row, 0), english);
        QCOMPARE(cellText(table, row, 1), chinese);
    }
    QVERIFY(shown(f.panel).contains(QStringLiteral("ZZ Glossary")));
    QCoreApplication::removeTranslator(&marking);
    QCoreApplication::processEvents();
    QVERIFY(!shown(f.panel).contains(QStringLiteral("ZZ ")));
}

void TestExplanationPanel::mistakesCoverTheSource_data()
{
    dataColumns<QString, QString, QString>("heading", "wrong", "fixed");
    QTest::newRow("global") << QStringLiteral("1. A hidden global")
                            << QStringLiteral("return w @ values")
                            << QStringLiteral("def attention(q, K, V, score):");
    QTest::newRow("heads") << QStringLiteral("2. Multi-head attention across the wrong axis")
                           << QStringLiteral("# s: (b, n, h, h)")
                           << QStringLiteral("return t.transpose(1, 2)");
    QTest::newRow("overflow") << QStringLiteral("3. Softmax without subtracting the maximum")
                              << QStringLiteral("w = np.exp(s) / np.sum(np.exp(s))")
                              << QStringLiteral("e = np.exp(s - np.max(s))");
    QTest::newRow("sqrt") << QStringLiteral("4. The square root of an integer tensor")
                          << QStringLiteral("torch.sqrt(d)") << QStringLiteral("math.sqrt(d_k)");
    QTest::newRow("plus") << QStringLiteral("5. The lost plus sign in additive attention")
                          << QStringLiteral("self.Wq(query) self.Wk(key)")
                          << QStringLiteral("self.Wq(query) + self.Wk(key)");
}

void TestExplanationPanel::mistakesCoverTheSource()
{
    QFETCH(QString, heading);
    QFETCH(QString, wrong);
    QFETCH(QString, fixed);
    Fixture f;
    f.panel.setPage(ExplanationPanel::Page::Mistakes);
    const QString text = shown(f.panel);
    const int at = text.indexOf(heading);
    QVERIFY2(at >= 0, qPrintable(heading));
    const int wrongAt = text.indexOf(wrong, at);
    QVERIFY2(wrongAt > at, qPrintable(wrong));
    QVERIFY2(text.indexOf(fixed, wrongAt) > wrongAt, qPrintable(fixed));
}

void TestExplanationPanel::retranslates()
{
    Fixture f;
    f.model.setMethod(attn::Method::Scaled);
    auto *combo = f.panel.findChild<QComboBox *>(QStringLiteral("pageCombo"));
    auto *label = f.panel.findChild<QLabel *>(QStringLiteral("pageLabel"));
    QVERIFY(combo && label);
    const QString english = shown(f.panel);

    MarkingTranslator marking;
    // The application posts LanguageChange to every window, which passes it to its children.
    QCoreApplication::installTranslator(&marking);
    QCoreApplication::processEvents();
    QCOMPARE(label->text(), QStringLiteral("ZZ &Page:"));
    QCOMPARE(combo->itemText(3), QStringLiteral("ZZ Common mistakes"));
    QCOMPARE(combo->currentIndex(), 0);
    const QString marked = shown(f.panel);
    QVERIFY(marked.contains(QStringLiteral("ZZ Why √d")));
    QVERIFY(marked.contains(QStringLiteral("ZZ In your scene")));
    // Numbers of the scene survive the language change.
    QVERIFY(marked.contains(QStringLiteral("√2 = 1.414")));

    QCoreApplication::removeTranslator(&marking);
    QCoreApplication::processEvents();
    QCOMPARE(label->text(), QStringLiteral("&Page:"));
    QCOMPARE(shown(f.panel), english);
}

void TestExplanationPanel::chinese()
{
    Fixture f;
    f.model.setMethod(attn::Method::Dot);
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    if (QCoreApplication::translate("ExplanationText", "Pitfalls") == QLatin1String("Pitfalls")) {
        Language::install(QStringLiteral("en"));
        QSKIP("The zh_CN catalogue does not have the panel's strings yet (merged by the lead).");
    }
    auto *combo = f.panel.findChild<QComboBox *>(QStringLiteral("pageCombo"));
    QCOMPARE(combo->itemText(2), QStringLiteral("术语表"));
    const QString text = shown(f.panel);
    QVERIFY(text.contains(QStringLiteral("几何意义")));
    QVERIFY(text.contains(QStringLiteral("易错点")));
    QVERIFY(text.contains(QStringLiteral("在你的场景中")));
    QVERIFY(!text.contains(QStringLiteral("Pitfalls")));

    f.panel.setPage(ExplanationPanel::Page::Glossary);
    QTextTable *table = firstTable(f.panel.browser()->document());
    QVERIFY(table);
    QCOMPARE(cellText(table, 0, 0), QStringLiteral("English"));
    QCOMPARE(cellText(table, 0, 1), QStringLiteral("中文"));

    QVERIFY(Language::install(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(combo->itemText(2), QStringLiteral("Glossary"));
}

void TestExplanationPanel::projectorFont()
{
    Fixture f;
    const auto ratio = [&f] {
        return f.panel.browser()->font().pointSizeF() / f.panel.font().pointSizeF();
    };
    QVERIFY2(ratio() >= 1.15, qPrintable(QString::number(ratio())));
    QFont big = f.panel.font();
    big.setPointSizeF(big.pointSizeF() * 2);
    f.panel.setFont(big);
    QVERIFY2(ratio() >= 1.15, qPrintable(QString::number(ratio())));
    QVERIFY(f.panel.browser()->font().pointSizeF() >= big.pointSizeF() * 1.15);
}

QTEST_MAIN(TestExplanationPanel)
#include "tst_explanationpanel.moc"
