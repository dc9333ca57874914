// --export as a user runs it: the real binary through QProcess, with no display at all. The
// pictures are checked from their bytes (the PNG header, the SVG's XML, the PDF signature) so
// that this test needs nothing beyond Qt Core.

#include "common/apprun.h"
#include "common/clifiles.h"
#include "common/datacolumns.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {
using Run = AppRun;

Run run(const QStringList &args, const QStringList &extraEnv = {})
{
    return runApp(args, QDir::tempPath() + QStringLiteral("/ac-export-cfg"), extraEnv);
}

using clifiles::kArticleScene;
using clifiles::readAll;
using clifiles::write;

// A sequence file: two tokens of a rotary model, D = 2, one head of identities.
const char *kSequence = R"({
  "format": "attention-canvas-sequence", "version": 1,
  "vocabulary": ["x", "y"], "d_model": 2,
  "embedding": [[1, 0], [0, 2]],
  "positions": {"kind": "rotary"},
  "layers": [{"heads": [{"wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0], [0, 1]]}],
              "wo": [[1, 0], [0, 1]]}],
  "unembedding": [[1, 0], [0, 1]],
  "examples": [{"tokens": ["y", "x", "y"]}]
})";

// The text of the SVG's <title> and <desc> (QSvgGenerator writes the caption into <desc>).
QString svgElementText(const QByteArray &svg, QStringView element)
{
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == element)
            return xml.readElementText();
    return {};
}


// A PNG's size from its IHDR chunk: width and height big-endian at bytes 16 and 20.
QSize pngSize(const QByteArray &png)
{
    if (png.size() < 24 || !png.startsWith("\x89PNG\r\n\x1a\n") || png.mid(12, 4) != "IHDR")
        return {};
    auto be32 = [&](int at) {
        const auto *b = reinterpret_cast<const unsigned char *>(png.constData() + at);
        return int((quint32(b[0]) << 24) | (quint32(b[1]) << 16) | (quint32(b[2]) << 8) | b[3]);
    };
    return QSize(be32(16), be32(20));
}
} // namespace

class TestExportCli : public QObject
{
    Q_OBJECT

private slots:
    void pngOfTheRequestedSize_data()
    {
        dataColumns<QStringList, QStringList, QSize>("args", "env", "pixels");
        QTest::newRow("window, default size") << QStringList() << QStringList() << QSize(1280, 800);
        QTest::newRow("window 1920x1080")
            << QStringList{QStringLiteral("--size"), QStringLiteral("1920x1080")} << QStringList()
            << QSize(1920, 1080);
        QTest::newRow("window 1024x700 at 2×")
            << QStringList{QStringLiteral("--part"),  QStringLiteral("window"),
                           QStringLiteral("--size"),  QStringLiteral("1024x700"),
                           QStringLiteral("--scale"), QStringLiteral("2")}
            << QStringList() << QSize(2048, 1400);
        QTest::newRow("canvas 640x400 at 4×, caption")
            << QStringList{QStringLiteral("--part"),   QStringLiteral("canvas"),
                           QStringLiteral("--size"),   QStringLiteral("640x400"),
                           QStringLiteral("--scale"),  QStringLiteral("4"),
                           QStringLiteral("--caption")}
            << QStringList() << QSize(2560, 1600);
        QTest::newRow("chart 400x300, transparent")
            << QStringList{QStringLiteral("--part"), QStringLiteral("chart"),
                           QStringLiteral("--size"), QStringLiteral("400x300"),
                           QStringLiteral("--transparent")}
            << QStringList() << QSize(400, 300);
        // A screen of pixel ratio 2 must not change the file.
        QTest::newRow("canvas 2× on a 2× screen")
            << QStringList{QStringLiteral("--part"),  QStringLiteral("canvas"),
                           QStringLiteral("--size"),  QStringLiteral("500x300"),
                           QStringLiteral("--scale"), QStringLiteral("2")}
            << QStringList{QStringLiteral("QT_SCALE_FACTOR=2")} << QSize(1000, 600);
        QTest::newRow("window 1× on a 2× screen")
            << QStringList() << QStringList{QStringLiteral("QT_SCALE_FACTOR=2")}
            << QSize(1280, 800);
        QTest::newRow("chart in Chinese, with caption")
            << QStringList{QStringLiteral("--lang"),    QStringLiteral("zh_CN"),
                           QStringLiteral("--part"),    QStringLiteral("chart"),
                           QStringLiteral("--size"),    QStringLiteral("500x400"),
                           QStringLiteral("--caption"), QStringLiteral("--method"),
                           QStringLiteral("scaled"),    QStringLiteral("--temperature"),
                           QStringLiteral("0.5")}
            << QStringList() << QSize(500, 400);
    }
    void pngOfTheRequestedSize()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, env);
        QFETCH(QSize, pixels);
        QTemporaryDir dir;
        const QString scene = write(dir, QStringLiteral("a.json"), kArticleScene);
        const QString out = dir.filePath(QStringLiteral("picture.png"));
        const Run r = run(
            QStringList{QStringLiteral("--scene"), scene, QStringLiteral("--export"), out} + args,
            env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData()); // silent on success
        QVERIFY(r.out.isEmpty());
        QCOMPARE(pngSize(readAll(out)), pixels);
    }

    void svgIsXmlWithPaths()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("canvas.svg"));
        const Run r =
            run({QStringLiteral("--export"), out, QStringLiteral("--part"),
                 QStringLiteral("canvas"), QStringLiteral("--size"), QStringLiteral("800x600")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QXmlStreamReader xml(readAll(out));
        int paths = 0;
        bool root = false;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == u"svg") {
                root = true;
                QCOMPARE(xml.attributes().value(QStringLiteral("viewBox")).toString(),
                         QStringLiteral("0 0 800 600"));
            }
            paths += xml.name() == u"path";
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(root);
        QVERIFY2(paths >= 6, qPrintable(QString::number(paths)));
    }

    void pdfStartsWithPdf_data()
    {
        QTest::addColumn<QString>("part");
        QTest::newRow("window") << QStringLiteral("window");
        QTest::newRow("canvas") << QStringLiteral("canvas");
        QTest::newRow("chart") << QStringLiteral("chart");
    }
    void pdfStartsWithPdf()
    {
        QFETCH(QString, part);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("picture.PDF")); // any case
        const Run r = run({QStringLiteral("--export"), out, QStringLiteral("--part"), part,
                           QStringLiteral("--caption")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray pdf = readAll(out);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    }

    void badInput_data()
    {
        dataColumns<QStringList, QString, QByteArray, int, QString>("args", "outName", "sceneText",
                                                                    "exitCode", "messagePart");
        auto exportTo = [](const QStringList &more) {
            return QStringList{QStringLiteral("--export"), QStringLiteral("@OUT@")} + more;
        };
        const QString png = QStringLiteral("out.png");
        QTest::newRow("unknown part")
            << exportTo({QStringLiteral("--part"), QStringLiteral("toolbar")}) << png
            << QByteArray() << 2 << QStringLiteral("toolbar");
        QTest::newRow("size without x")
            << exportTo({QStringLiteral("--size"), QStringLiteral("1280")}) << png << QByteArray()
            << 2 << QStringLiteral("1280");
        QTest::newRow("size of words")
            << exportTo({QStringLiteral("--size"), QStringLiteral("wide")}) << png << QByteArray()
            << 2 << QStringLiteral("wide");
        QTest::newRow("size zero") << exportTo({QStringLiteral("--size"), QStringLiteral("0x600")})
                                   << png << QByteArray() << 2 << QStringLiteral("0x600");
        QTest::newRow("size too large")
            << exportTo({QStringLiteral("--size"), QStringLiteral("100000x100")}) << png
            << QByteArray() << 2 << QStringLiteral("100000x100");
        QTest::newRow("too many pixels after scale")
            << exportTo({QStringLiteral("--size"), QStringLiteral("8000x8000"),
                         QStringLiteral("--scale"), QStringLiteral("4")})
            << png << QByteArray() << 2 << QStringLiteral("32000");
        QTest::newRow("scale 3") << exportTo({QStringLiteral("--scale"), QStringLiteral("3")})
                                 << png << QByteArray() << 2 << QStringLiteral("\"3\"");
        QTest::newRow("scale 1.5") << exportTo({QStringLiteral("--scale"), QStringLiteral("1.5")})
                                   << png << QByteArray() << 2 << QStringLiteral("1.5");
        QTest::newRow("unknown format") << exportTo({}) << QStringLiteral("out.gif") << QByteArray()
                                        << 2 << QStringLiteral("out.gif");
        QTest::newRow("no suffix") << exportTo({}) << QStringLiteral("picture") << QByteArray() << 2
                                   << QStringLiteral(".png");
        QTest::newRow("transparent window") << exportTo({QStringLiteral("--transparent")}) << png
                                            << QByteArray() << 2 << QStringLiteral("--transparent");
        QTest::newRow("window smaller than it can be")
            << exportTo({QStringLiteral("--size"), QStringLiteral("200x150")}) << png
            << QByteArray() << 2 << QStringLiteral("200 × 150");
        QTest::newRow("part without export")
            << QStringList{QStringLiteral("--part"), QStringLiteral("canvas"),
                           QStringLiteral("--report"), QStringLiteral("@OUT@")}
            << QStringLiteral("out.json") << QByteArray() << 2 << QStringLiteral("--part");
        QTest::newRow("scale alone, no display")
            << QStringList{QStringLiteral("--scale"), QStringLiteral("2")} << png << QByteArray()
            << 2 << QStringLiteral("--scale");
        QTest::newRow("export and report")
            << exportTo({QStringLiteral("--report"), QStringLiteral("-")}) << png << QByteArray()
            << 2 << QStringLiteral("--report");
        QTest::newRow("unknown method")
            << exportTo({QStringLiteral("--method"), QStringLiteral("cubic")}) << png
            << QByteArray() << 2 << QStringLiteral("cubic");
        QTest::newRow("missing scene file")
            << exportTo({QStringLiteral("--scene"), QStringLiteral("@DIR@/nope.json")}) << png
            << QByteArray() << 1 << QStringLiteral("nope.json");
        QTest::newRow("malformed scene")
            << exportTo({QStringLiteral("--scene"), QStringLiteral("@SCENE@")}) << png
            << QByteArray("{\"format\": ") << 1 << QStringLiteral("line 1");
        QTest::newRow("wrong dimension")
            << exportTo({QStringLiteral("--scene"), QStringLiteral("@SCENE@")})
            << QStringLiteral("out.svg")
            << QByteArray(kArticleScene).replace("[1.2, 0.8]", "[1.2, 0.8, 3]") << 1
            << QStringLiteral("query");
        QTest::newRow("folder as output")
            << QStringList{QStringLiteral("--export"), QStringLiteral("@DIR@/sub.png")}
            << QStringLiteral("sub.png/keep.png") << QByteArray() << 1 << QStringLiteral("sub.png");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, outName);
        QFETCH(QByteArray, sceneText);
        QFETCH(int, exitCode);
        QFETCH(QString, messagePart);
        QTemporaryDir dir;
        const QString out = dir.filePath(outName);
        QVERIFY(QDir().mkpath(QFileInfo(out).absolutePath()));
        // An existing OUT must survive a failed run untouched.
        QVERIFY(clifiles::writeTo(out, "precious"));
        const QString scene = write(dir, QStringLiteral("s.json"), sceneText);
        const Run r = run(clifiles::withPaths(args, out, scene, dir.path()));
        const QString why = notACleanFailure(r, exitCode, messagePart); // one clear line
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QVERIFY2(r.err.startsWith("attention-canvas: "), r.err.constData());
        QCOMPARE(readAll(out), QByteArray("precious"));
        // Nothing else was left behind either (no temporary files next to OUT).
        const QStringList left =
            QDir(QFileInfo(out).absolutePath()).entryList(QDir::Files | QDir::NoDotAndDotDot);
        for (const QString &name : left)
            QVERIFY2(name == QFileInfo(out).fileName() || name == QLatin1String("s.json"),
                     qPrintable(name));
    }

    void replacesAnExistingFileOnSuccess()
    {
        QTemporaryDir dir;
        const QString out = write(dir, QStringLiteral("old.png"), "precious");
        const Run r =
            run({QStringLiteral("--export"), out, QStringLiteral("--part"),
                 QStringLiteral("canvas"), QStringLiteral("--size"), QStringLiteral("300x200")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(pngSize(readAll(out)), QSize(300, 200));
    }

    void errorsInChinese()
    {
        QTemporaryDir dir;
        const Run r = run({QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                           QStringLiteral("--export"), dir.filePath(QStringLiteral("a.png")),
                           QStringLiteral("--method"), QStringLiteral("cubic")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("方法")), r.err.constData());
    }

    // A sequence file draws the Sequence window: every format, the requested size, and the
    // caption (the SVG's description) read from the session that loaded the file.
    void sequenceFileDrawsTheSequenceWindow_data()
    {
        dataColumns<QStringList, QSize>("args", "pixels");
        QTest::newRow("default size") << QStringList() << QSize(1280, 800);
        QTest::newRow("1920x1080, Chinese, caption")
            << QStringList{QStringLiteral("--size"), QStringLiteral("1920x1080"),
                           QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                           QStringLiteral("--caption")}
            << QSize(1920, 1080);
        QTest::newRow("scale 2, temperature")
            << QStringList{QStringLiteral("--size"),        QStringLiteral("1280x800"),
                           QStringLiteral("--scale"),       QStringLiteral("2"),
                           QStringLiteral("--temperature"), QStringLiteral("0.5")}
            << QSize(2560, 1600);
    }
    void sequenceFileDrawsTheSequenceWindow()
    {
        QFETCH(QStringList, args);
        QFETCH(QSize, pixels);
        QTemporaryDir dir;
        const QString in = write(dir, QStringLiteral("seq.json"), kSequence);
        const QString out = dir.filePath(QStringLiteral("seq.png"));
        const Run r =
            run(QStringList{QStringLiteral("--scene"), in, QStringLiteral("--export"), out} + args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QCOMPARE(pngSize(readAll(out)), pixels);
    }

    void sequenceSvgAndPdfDescribeTheSentence()
    {
        QTemporaryDir dir;
        const QString in = write(dir, QStringLiteral("seq.json"), kSequence);
        const QString svg = dir.filePath(QStringLiteral("seq.svg"));
        Run r = run({QStringLiteral("--scene"), in, QStringLiteral("--export"), svg,
                     QStringLiteral("--temperature"), QStringLiteral("0.25")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString desc = svgElementText(readAll(svg), u"desc");
        // The file's first example, its one layer of one head, its positions, the override.
        // One-character names are typed, and written, without spaces.
        for (const char *part : {"yxy · ", "heads per layer: 1 · ", "rotary position embedding",
                                 "τ = 0.25", "no mask"})
            QVERIFY2(desc.contains(QString::fromUtf8(part)), qPrintable(desc));

        const QString pdf = dir.filePath(QStringLiteral("seq.pdf"));
        r = run({QStringLiteral("--scene"), in, QStringLiteral("--export"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray bytes = readAll(pdf);
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    }

    void sequenceBadInput_data()
    {
        dataColumns<QStringList, QByteArray, int, QString>("args", "sequenceText", "exitCode",
                                                           "messagePart");
        const QByteArray good = kSequence;
        QTest::newRow("part canvas")
            << QStringList{QStringLiteral("--part"), QStringLiteral("canvas")} << good << 2
            << QStringLiteral("--part canvas");
        QTest::newRow("part chart")
            << QStringList{QStringLiteral("--part"), QStringLiteral("chart")} << good << 2
            << QStringLiteral("--part chart");
        QTest::newRow("method") << QStringList{QStringLiteral("--method"), QStringLiteral("dot")}
                                << good << 1 << QStringLiteral("--method");
        QTest::newRow("too small")
            << QStringList{QStringLiteral("--size"), QStringLiteral("100x80")} << good << 2
            << QStringLiteral("100 × 80");
        QTest::newRow("unknown token")
            << QStringList() << QByteArray(good).replace(R"(["y", "x", "y"])", R"(["y", "z"])") << 1
            << QStringLiteral("examples[0].tokens[1]");
        QTest::newRow("wrong dimension")
            << QStringList()
            << QByteArray(good).replace("[[1, 0], [0, 2]]", "[[1, 0, 3], [0, 2, 3]]") << 1
            << QStringLiteral("embedding");
        QTest::newRow("future version")
            << QStringList() << QByteArray(good).replace(R"("version": 1)", R"("version": 2)") << 1
            << QStringLiteral("version 2");
        QTest::newRow("odd d_k under rotary")
            << QStringList()
            << QByteArray(good).replace(R"("wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]])",
                                        R"("wq": [[1, 0]], "wk": [[1, 0]])")
            << 1 << QStringLiteral("wq");
    }
    void sequenceBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, sequenceText);
        QFETCH(int, exitCode);
        QFETCH(QString, messagePart);
        QTemporaryDir dir;
        const QString in = write(dir, QStringLiteral("seq.json"), sequenceText);
        const QString out = write(dir, QStringLiteral("out.png"), "precious");
        const Run r =
            run(QStringList{QStringLiteral("--scene"), in, QStringLiteral("--export"), out} + args);
        QCOMPARE(r.exitCode, exitCode);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(messagePart), qPrintable(err));
        QVERIFY2(err.startsWith(QStringLiteral("attention-canvas: ")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        QCOMPARE(readAll(out), QByteArray("precious"));
    }

    void helpListsTheExportOptions()
    {
        const Run h = run({QStringLiteral("--help")});
        QCOMPARE(h.exitCode, 0);
        for (const char *option :
             {"--export", "--part", "--size", "--scale", "--caption", "--transparent"})
            QVERIFY2(h.out.contains(option), option);
    }
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_exportcli.moc"
