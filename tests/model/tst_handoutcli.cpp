// --export of a lesson as a user runs it: the real program writes the handout or the worksheet,
// and poppler's pdfinfo and pdftotext (poppler-utils) read it back: the number of pages, the text
// of each page. Without them the tests that read PDFs skip, saying so. The weights are derived
// here from the scene by hand (softmax of q·k), not by the program.

#include "common/apprun.h"
#include "common/clifiles.h"
#include "common/datacolumns.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {
AppRun run(const QStringList &args)
{
    return runApp(args, QDir::tempPath() + QStringLiteral("/ac-handout-cfg"));
}

// Three steps: the article's scene asking for the three weights, a scene of two keys under scaled
// dot product without a question (weights 0.804 and 0.196: none of the article's), and a
// sequence. Every text in both languages.
const char *kLesson = R"({
  "format": "attention-canvas-lesson", "version": 1,
  "title": {"en": "Handout test lesson", "zh_CN": "讲义测试课程"},
  "steps": [
    {
      "scene": {"format": "attention-canvas-scene", "version": 1, "method": "dot",
                "query": [1.2, 0.8], "keys": [[0.5, 1.0], [1.5, 0.5], [0.8, 1.2]],
                "values": [[1, 0], [0, 1], [1, 1]]},
      "note": {"en": "The second key wins the largest share.", "zh_CN": "第二个键得到最大的份额。"},
      "question": {"prompt": {"en": "Predict every weight.", "zh_CN": "预测每个权重。"},
                   "asks": "weights", "keys": [1, 2, 3]}
    },
    {
      "scene": {"format": "attention-canvas-scene", "version": 1, "method": "scaled",
                "query": [2, 0], "keys": [[1, 0], [0, 1]], "values": [[1, 0], [0, 1]]},
      "note": {"en": "Dividing by the root of the dimension.", "zh_CN": "除以维度的平方根。"}
    },
    {
      "sequence": {"format": "attention-canvas-sequence", "version": 1,
        "vocabulary": ["x", "y"], "d_model": 2, "embedding": [[1, 0], [0, 2]],
        "layers": [{"heads": [{"wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]],
                               "wv": [[1, 0], [0, 1]]}], "wo": [[1, 0], [0, 1]]}],
        "unembedding": [[1, 0], [0, 1]], "examples": [{"tokens": ["y", "x", "y"]}]},
      "note": {"en": "Every token attends to every token.", "zh_CN": "每个词元都关注所有词元。"}
    }
  ]
})";

// The article's weights by hand: dot scores q·kᵢ, softmax, three decimals as the table shows.
QStringList articleWeights()
{
    const double q[2] = {1.2, 0.8};
    const double k[3][2] = {{0.5, 1.0}, {1.5, 0.5}, {0.8, 1.2}};
    double s[3], sum = 0;
    for (int i = 0; i < 3; ++i) {
        s[i] = std::exp(q[0] * k[i][0] + q[1] * k[i][1]);
        sum += s[i];
    }
    QStringList out;
    for (double e : s)
        out << QString::number(e / sum, 'f', 3);
    return out;
}

QString tool(const char *name)
{
    return QStandardPaths::findExecutable(QString::fromLatin1(name));
}

// pdfinfo's page count, or −1.
int pageCount(const QString &pdf)
{
    QProcess p;
    p.start(tool("pdfinfo"), {pdf});
    p.waitForFinished(30000);
    const QString info = QString::fromUtf8(p.readAllStandardOutput());
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("^Pages:\\s+(\\d+)"), QRegularExpression::MultilineOption)
            .match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// The text of pages first … last (1-based), as pdftotext reads it.
QString pageText(const QString &pdf, int first, int last)
{
    QProcess p;
    p.start(tool("pdftotext"), {QStringLiteral("-f"), QString::number(first), QStringLiteral("-l"),
                                QString::number(last), QStringLiteral("-enc"),
                                QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

// pdftotext may break a line anywhere: compare without white space. Qt's PDF engine maps some
// of Noto CJK's glyphs back to the Kangxi radical that shares the glyph (二 reads as U+2F06 ⼆):
// NFKC folds those into the ideographs.
QString squeezed(QString text)
{
    text = text.normalized(QString::NormalizationForm_KC);
    text.remove(QRegularExpression(QStringLiteral("\\s+")));
    return text;
}
} // namespace

class TestHandoutCli : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        if (tool("pdfinfo").isEmpty() || tool("pdftotext").isEmpty())
            QSKIP("pdfinfo and pdftotext (Debian package poppler-utils) are needed to read the "
                  "PDFs back; install poppler-utils to run this test.");
    }

    void handoutInTheChosenLanguage_data()
    {
        dataColumns<QString, QStringList, QStringList>("lang", "present", "absent");
        QTest::newRow("en") << QStringLiteral("en")
                            << QStringList{QStringLiteral("Handout test lesson"),
                                           QStringLiteral("The second key wins the largest share."),
                                           QStringLiteral("Predict every weight."),
                                           QStringLiteral("Every token attends to every token."),
                                           QStringLiteral("Step 1 of 3")}
                            << QStringList{QStringLiteral("讲义测试课程"),
                                           QStringLiteral("第二个键得到最大的份额。")};
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN")
                               << QStringList{QStringLiteral("讲义测试课程"),
                                              QStringLiteral("第二个键得到最大的份额。"),
                                              QStringLiteral("预测每个权重。"),
                                              QStringLiteral("每个词元都关注所有词元。")}
                               << QStringList{QStringLiteral("Handout test lesson"),
                                              QStringLiteral("The second key wins"),
                                              QStringLiteral("Step 1 of 3")};
    }

    void handoutInTheChosenLanguage()
    {
        QFETCH(QString, lang);
        QFETCH(QStringList, present);
        QFETCH(QStringList, absent);
        QTemporaryDir dir;
        const QString lesson = clifiles::write(dir, QStringLiteral("lesson.json"), kLesson);
        const QString out = dir.filePath(QStringLiteral("handout.pdf"));
        const AppRun r = run({QStringLiteral("--scene"), lesson, QStringLiteral("--export"), out,
                              QStringLiteral("--lang"), lang});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.isEmpty() && r.err.isEmpty(), r.err.constData());
        QCOMPARE(pageCount(out), 3); // one page per step, the sequence's too
        const QString text = squeezed(pageText(out, 1, 3));
        for (const QString &s : present)
            QVERIFY2(text.contains(squeezed(s)), qPrintable(s + QStringLiteral(" is missing")));
        for (const QString &s : absent)
            QVERIFY2(!text.contains(squeezed(s)), qPrintable(s + QStringLiteral(" is there")));
        // Each page is its step: the note of step n on page n.
        QVERIFY(squeezed(pageText(out, 3, 3)).contains(squeezed(present[3])));
        // A handout shows every number: the weights of step 1 are in its table.
        const QString first = pageText(out, 1, 1);
        for (const QString &w : articleWeights())
            QVERIFY2(first.contains(w), qPrintable(w));
    }

    void worksheetHidesTheAskedNumbers()
    {
        QTemporaryDir dir;
        const QString lesson = clifiles::write(dir, QStringLiteral("lesson.json"), kLesson);
        const QString out = dir.filePath(QStringLiteral("worksheet.pdf"));
        const AppRun r =
            run({QStringLiteral("--scene"), lesson, QStringLiteral("--export"), out,
                 QStringLiteral("--worksheet"), QStringLiteral("--lang"), QStringLiteral("en")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // The three steps and one page of answers.
        QCOMPARE(pageCount(out), 4);
        const QString questions = pageText(out, 1, 3);
        const QString key = pageText(out, 4, 4);
        const QStringList weights = articleWeights();
        QCOMPARE(weights, (QStringList{"0.204", "0.453", "0.343"}));
        for (const QString &w : weights) {
            QVERIFY2(!questions.contains(w),
                     qPrintable(w + QStringLiteral(" is on a question page")));
            QVERIFY2(key.contains(w), qPrintable(w + QStringLiteral(" is not in the answer key")));
        }
        // The prompt is on the question's page; the note, which may tell the answer, is in the key.
        QVERIFY(squeezed(pageText(out, 1, 1)).contains(QStringLiteral("Predicteveryweight.")));
        QVERIFY(!squeezed(pageText(out, 1, 1)).contains(QStringLiteral("Thesecondkeywins")));
        QVERIFY(squeezed(key).contains(QStringLiteral("Thesecondkeywins")));
        QVERIFY(key.contains(QStringLiteral("Answer key")));
        // A step without a question keeps its note and every number.
        QVERIFY(squeezed(pageText(out, 2, 2)).contains(QStringLiteral("Dividingbytheroot")));
    }

    void worksheetInChinese()
    {
        QTemporaryDir dir;
        const QString lesson = clifiles::write(dir, QStringLiteral("lesson.json"), kLesson);
        const QString out = dir.filePath(QStringLiteral("worksheet.pdf"));
        const AppRun r =
            run({QStringLiteral("--scene"), lesson, QStringLiteral("--export"), out,
                 QStringLiteral("--worksheet"), QStringLiteral("--lang"), QStringLiteral("zh_CN")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(pageCount(out), 4);
        const QString key = squeezed(pageText(out, 4, 4));
        QVERIFY2(key.contains(squeezed(QStringLiteral("第二个键得到最大的份额。"))),
                 qPrintable(key));
        QVERIFY(key.contains(QStringLiteral("讲义测试课程")));
        QVERIFY(!key.contains(QStringLiteral("Answerkey")));
    }

    void badArguments_data()
    {
        // @LESSON@ and @SCENE@ are replaced by files in the test's folder, @OUT@ by the output.
        dataColumns<QStringList, int, QString>("args", "exitCode", "message");
        const QString lesson = QStringLiteral("@LESSON@");
        QTest::newRow("worksheet without export")
            << QStringList{"--scene", lesson, "--worksheet"} << 2
            << QStringLiteral("--worksheet only applies with --export");
        QTest::newRow("worksheet as png")
            << QStringList{"--scene", lesson, "--worksheet", "--export", "@DIR@/w.png"} << 2
            << QStringLiteral("must end in .pdf");
        QTest::newRow("worksheet without a lesson")
            << QStringList{"--worksheet", "--export", "@OUT@"} << 2
            << QStringLiteral("--worksheet needs a lesson");
        QTest::newRow("worksheet of a scene")
            << QStringList{"--scene", "@SCENE@", "--worksheet", "--export", "@OUT@"} << 2
            << QStringLiteral("is not a lesson file");
        QTest::newRow("worksheet with a picture's option")
            << QStringList{"--scene", lesson,   "--worksheet", "--export",
                           "@OUT@",   "--part", "canvas"}
            << 2 << QStringLiteral("--part applies to pictures");
        QTest::newRow("worksheet with an animation")
            << QStringList{"--scene",     lesson,      "--worksheet", "--export",
                           "@DIR@/w.gif", "--animate", "temperature"}
            << 2 << QStringLiteral("not an animation");
        QTest::newRow("lesson as png") << QStringList{"--scene", lesson, "--export", "@DIR@/h.png"}
                                       << 2 << QStringLiteral("exported as a PDF handout");
        QTest::newRow("lesson with a method")
            << QStringList{"--scene", lesson, "--export", "@OUT@", "--method", "dot"} << 2
            << QStringLiteral("each step of a lesson keeps its own");
        QTest::newRow("lesson with a size")
            << QStringList{"--scene", lesson, "--export", "@OUT@", "--size", "800x600"} << 2
            << QStringLiteral("A4 pages");
        QTest::newRow("missing lesson for a worksheet")
            << QStringList{"--scene", "@DIR@/none.json", "--worksheet", "--export", "@OUT@"} << 1
            << QStringLiteral("does not exist");
        QTest::newRow("broken lesson") << QStringList{"--scene", "@BROKEN@", "--export", "@OUT@"}
                                       << 1 << QStringLiteral("steps[1].scene.version");
        QTest::newRow("folder that does not exist")
            << QStringList{"--scene", lesson, "--export", "@DIR@/no/such/folder/h.pdf"} << 1
            << QStringLiteral("cannot write the handout");
    }

    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString lesson = clifiles::write(dir, QStringLiteral("lesson.json"), kLesson);
        const QString scene =
            clifiles::write(dir, QStringLiteral("scene.json"), clifiles::kArticleScene);
        // Valid JSON and a lesson, but its second step's scene is of a version that does not exist.
        QByteArray broken(kLesson);
        broken.replace("\"version\": 1, \"method\": \"scaled\"",
                       "\"version\": 7, \"method\": \"scaled\"");
        const QString brokenPath = clifiles::write(dir, QStringLiteral("broken.json"), broken);
        const QString out = dir.filePath(QStringLiteral("out.pdf"));
        // An earlier file at the output stays as it was when the export fails.
        const QByteArray earlier("an earlier file, not a PDF");
        QVERIFY(clifiles::writeTo(out, earlier));
        for (QString &a : args) {
            a.replace(QStringLiteral("@LESSON@"), lesson);
            a.replace(QStringLiteral("@SCENE@"), scene);
            a.replace(QStringLiteral("@BROKEN@"), brokenPath);
            a.replace(QStringLiteral("@OUT@"), out);
            a.replace(QStringLiteral("@DIR@"), dir.path());
        }
        const AppRun r = run(args + QStringList{QStringLiteral("--lang"), QStringLiteral("en")});
        const QString why = notACleanFailure(r, exitCode, message);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(clifiles::readAll(out), earlier);
        // Nothing else was left in the folder: no temporary file, no half-written PDF.
        QStringList left = QDir(dir.path()).entryList(QDir::Files);
        left.sort();
        QCOMPARE(left, (QStringList{"broken.json", "lesson.json", "out.pdf", "scene.json"}));
    }
};

QTEST_GUILESS_MAIN(TestHandoutCli)
#include "tst_handoutcli.moc"
