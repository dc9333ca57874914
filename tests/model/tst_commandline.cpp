// The command line as a user runs it: the real binary through QProcess, with no display.

#include "common/apprun.h"
#include "common/clifiles.h"
#include "common/datacolumns.h"
#include "common/reportrun.h"
#include "model/commandline.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <vector>

namespace {
using Run = AppRun;

QString configDir()
{
    return QDir::tempPath() + QStringLiteral("/ac-cli-cfg");
}

// The report must not need a display: runApp() takes every hint of one away.
Run run(const QStringList &args)
{
    return runApp(args, configDir(), {}, 30000);
}

using clifiles::kArticleScene;
using clifiles::write;

// The report on standard output of a run with `args`, or an empty object (with the reason in the
// log) when the run fails.
QJsonObject reportOf(const QStringList &args)
{
    const Run r = run(args + QStringList{QStringLiteral("--report"), QStringLiteral("-")});
    if (r.exitCode != 0)
        qWarning("exit code %d: %s", r.exitCode, r.err.constData());
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

QVector<double> numbers(const QJsonValue &v)
{
    QVector<double> out;
    for (const auto &x : v.toArray())
        out << x.toDouble();
    return out;
}
} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void reportOfTheArticleExample()
    {
        QTemporaryDir dir;
        const ReportRun r = runReport(dir, QStringLiteral("a.json"), kArticleScene, configDir());
        QVERIFY2(r.failure().isEmpty(), qPrintable(r.failure()));
        const QJsonObject &o = r.report;
        QVERIFY(!o.isEmpty());
        QCOMPARE(o.value(QStringLiteral("method")).toString(), QStringLiteral("dot"));
        QCOMPARE(o.value(QStringLiteral("temperature")).toDouble(), 1.0);
        const auto s = numbers(o.value(QStringLiteral("scores")));
        QCOMPARE(s.size(), 3);
        const double expected[] = {1.4, 2.2, 1.92};
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(s[i] - expected[i]) < 1e-12);
        // Weights by hand: exp(sᵢ − 2.2) / Σ.
        double sum = 0, e[3];
        for (int i = 0; i < 3; ++i)
            sum += (e[i] = std::exp(expected[i] - 2.2));
        const auto w = numbers(o.value(QStringLiteral("weights")));
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(w[i] - e[i] / sum) < 1e-12);
        const auto output = numbers(o.value(QStringLiteral("output")));
        QVERIFY(std::abs(output[0] - (e[0] + e[2]) / sum) < 1e-12);
        QVERIFY(std::abs(output[1] - (e[1] + e[2]) / sum) < 1e-12);
    }

    void fullPrecisionNumbers()
    {
        const Run r = run({QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        // 0.8 printed with 17 significant digits is 0.80000000000000004.
        QVERIFY(r.out.contains("0.80000000000000004"));
    }

    void overridesMethodAndTemperature()
    {
        const Run r = run({QStringLiteral("--method"), QStringLiteral("scaled"),
                           QStringLiteral("--temperature"), QStringLiteral("0.5"),
                           QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("method")).toString(), QStringLiteral("scaled"));
        QCOMPARE(o.value(QStringLiteral("scale_dim")).toDouble(), 2.0);
        QCOMPARE(o.value(QStringLiteral("temperature")).toDouble(), 0.5);
        const auto s = numbers(o.value(QStringLiteral("scores")));
        QVERIFY(std::abs(s[1] - 2.2 / std::sqrt(2.0)) < 1e-12);
        const auto logits = numbers(o.value(QStringLiteral("logits")));
        QVERIFY(std::abs(logits[1] - 2.2 / std::sqrt(2.0) / 0.5) < 1e-12);
    }

    void normaliserFromTheFileAndTheFlag()
    {
        // The article's dot scores 1.4, 2.2, 1.92. The file asks for softmax₁: wᵢ = e^{sᵢ} /
        // (1 + Σ e^{sⱼ}), weight_sum their total, below 1.
        QTemporaryDir dir;
        const QByteArray file =
            QByteArray(kArticleScene)
                .replace(R"("method": "dot",)", R"("method": "dot", "normaliser": "softmax1",)");
        const QString scene = write(dir, QStringLiteral("s.json"), file);
        QJsonObject o = reportOf({QStringLiteral("--scene"), scene});
        QCOMPARE(o.value(QStringLiteral("normaliser")).toString(), QStringLiteral("softmax1"));
        const double s[] = {1.4, 2.2, 1.92};
        const double denominator = 1 + std::exp(s[0]) + std::exp(s[1]) + std::exp(s[2]);
        auto w = numbers(o.value(QStringLiteral("weights")));
        double total = 0;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(std::abs(w[i] - std::exp(s[i]) / denominator) < 1e-12);
            total += std::exp(s[i]) / denominator;
        }
        QVERIFY(std::abs(o.value(QStringLiteral("weight_sum")).toDouble() - total) < 1e-12);
        // softmax₁'s denominator holds e^{−m} = e^{−2.2} for the implicit key.
        QVERIFY(std::abs(o.value(QStringLiteral("exp_sum")).toDouble() -
                         denominator * std::exp(-2.2)) < 1e-12);
        QVERIFY(!o.contains(QStringLiteral("threshold")));

        // --normaliser overrides the file. Sparsemax: sorted 2.2, 1.92, 1.4, running sums 2.2,
        // 4.12, 5.52; 1 + 2·1.92 > 4.12 but 1 + 3·1.4 ≤ 5.52, so k = 2 and τ* = (4.12 − 1)/2 =
        // 1.56: weights (0, 0.64, 0.36), keys 1 and 2 in the support.
        o = reportOf({QStringLiteral("--scene"), scene, QStringLiteral("--normaliser"),
                      QStringLiteral("sparsemax")});
        QCOMPARE(o.value(QStringLiteral("normaliser")).toString(), QStringLiteral("sparsemax"));
        w = numbers(o.value(QStringLiteral("weights")));
        QCOMPARE(w[0], 0.0);
        QVERIFY(std::abs(w[1] - 0.64) < 1e-12 && std::abs(w[2] - 0.36) < 1e-12);
        QVERIFY(std::abs(o.value(QStringLiteral("threshold")).toDouble() - 1.56) < 1e-12);
        QCOMPARE(numbers(o.value(QStringLiteral("support"))), (QVector<double>{1, 2}));
        QVERIFY(std::abs(o.value(QStringLiteral("weight_sum")).toDouble() - 1) < 1e-12);
        // No exponentials in sparsemax.
        QVERIFY(!o.contains(QStringLiteral("exps")));

        // Sigmoid with the default bias −ln 3: wᵢ = 1 / (1 + 3e^{−sᵢ}).
        o = reportOf({QStringLiteral("--normaliser"), QStringLiteral("sigmoid"),
                      QStringLiteral("--method"), QStringLiteral("dot")});
        QVERIFY(std::abs(o.value(QStringLiteral("sigmoid_bias")).toDouble() + std::log(3.0)) <
                1e-15);
        w = numbers(o.value(QStringLiteral("weights")));
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(w[i] - 1 / (1 + 3 * std::exp(-s[i]))) < 1e-12);
    }

    void multiheadSparsemaxPerHead()
    {
        // Head 1 scores 0.6, 1.8, 0.96: sorted 1.8, 0.96, 0.6, sums 1.8, 2.76, 3.36; 1 + 2·0.96
        // > 2.76, 1 + 3·0.6 ≤ 3.36: τ* = 1.76/2 = 0.88, weights (0, 0.92, 0.08).
        const QJsonObject o =
            reportOf({QStringLiteral("--method"), QStringLiteral("multihead"),
                      QStringLiteral("--normaliser"), QStringLiteral("sparsemax")});
        const QJsonObject head = o.value(QStringLiteral("heads")).toArray().at(0).toObject();
        const auto w = numbers(head.value(QStringLiteral("weights")));
        QCOMPARE(w[0], 0.0);
        QVERIFY(std::abs(w[1] - 0.92) < 1e-12 && std::abs(w[2] - 0.08) < 1e-12);
        QVERIFY(std::abs(head.value(QStringLiteral("threshold")).toDouble() - 0.88) < 1e-12);
        QCOMPARE(numbers(head.value(QStringLiteral("support"))), (QVector<double>{1, 2}));
    }

    void multiheadReportHasHeads()
    {
        const Run r = run({QStringLiteral("--method"), QStringLiteral("multihead"),
                           QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray heads = o.value(QStringLiteral("heads")).toArray();
        // The default multi-head: head 1 sees x, head 2 sees y, d_k = 1, W_O = I.
        QCOMPARE(heads.size(), 2);
        const auto s1 = numbers(heads[0].toObject().value(QStringLiteral("scores")));
        // Head 1: (1.2)(kₓ) / √1 = 0.6, 1.8, 0.96.
        QVERIFY(std::abs(s1[0] - 0.6) < 1e-12);
        QVERIFY(std::abs(s1[1] - 1.8) < 1e-12);
        QVERIFY(std::abs(s1[2] - 0.96) < 1e-12);
        double e[3], sum = 0;
        for (int i = 0; i < 3; ++i)
            sum += (e[i] = std::exp(s1[i] - 1.8));
        const auto w1 = numbers(heads[0].toObject().value(QStringLiteral("weights")));
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(w1[i] - e[i] / sum) < 1e-12);
        // Head 1's output is Σ wᵢ vᵢₓ and it is the final output's x (W_O = I).
        const auto out = numbers(o.value(QStringLiteral("output")));
        QVERIFY(std::abs(out[0] - (e[0] + e[2]) / sum) < 1e-12);
        QCOMPARE(numbers(heads[1].toObject().value(QStringLiteral("output"))).size(), 1);
    }

    void badInput_data()
    {
        dataColumns<QStringList, QByteArray, int, QString>("args", "sceneText", "exitCode",
                                                           "messagePart");
        const QStringList report{QStringLiteral("--report"), QStringLiteral("@OUT@")};
        QTest::newRow("unknown method")
            << (QStringList{QStringLiteral("--method"), QStringLiteral("cubic")} + report)
            << QByteArray() << 2 << QStringLiteral("cubic");
        QTest::newRow("unknown normaliser")
            << (QStringList{QStringLiteral("--normaliser"), QStringLiteral("entmax")} + report)
            << QByteArray() << 2 << QStringLiteral("entmax");
        QTest::newRow("unknown normaliser in the file")
            << (QStringList{QStringLiteral("--scene"), QStringLiteral("@SCENE@")} + report)
            << QByteArray(kArticleScene)
                   .replace(R"("method": "dot",)", R"("method": "dot", "normaliser": "max",)")
            << 1 << QStringLiteral("normaliser");
        QTest::newRow("zero temperature")
            << (QStringList{QStringLiteral("--temperature"), QStringLiteral("0")} + report)
            << QByteArray() << 2 << QStringLiteral("temperature");
        QTest::newRow("temperature not a number")
            << (QStringList{QStringLiteral("--temperature"), QStringLiteral("warm")} + report)
            << QByteArray() << 2 << QStringLiteral("warm");
        QTest::newRow("unknown option") << (QStringList{QStringLiteral("--frobnicate")} + report)
                                        << QByteArray() << 2 << QStringLiteral("frobnicate");
        QTest::newRow("unknown language")
            << (QStringList{QStringLiteral("--lang"), QStringLiteral("tlh")} + report)
            << QByteArray() << 2 << QStringLiteral("tlh");
        QTest::newRow("missing scene file")
            << (QStringList{QStringLiteral("--scene"), QStringLiteral("@DIR@/nope.json")} + report)
            << QByteArray() << 1 << QStringLiteral("nope.json");
        QTest::newRow("malformed scene")
            << (QStringList{QStringLiteral("--scene"), QStringLiteral("@SCENE@")} + report)
            << QByteArray("{\"format\": ") << 1 << QStringLiteral("line 1");
        QTest::newRow("wrong dimension")
            << (QStringList{QStringLiteral("--scene"), QStringLiteral("@SCENE@")} + report)
            << QByteArray(kArticleScene).replace("[1.2, 0.8]", "[1.2, 0.8, 3]") << 1
            << QStringLiteral("query");
        QTest::newRow("a folder as scene")
            << (QStringList{QStringLiteral("--scene"), QStringLiteral("@DIR@")} + report)
            << QByteArray() << 1 << QStringLiteral("folder");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, sceneText);
        QFETCH(int, exitCode);
        QFETCH(QString, messagePart);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.json"));
        // An existing OUT must survive a failed run untouched.
        QVERIFY(clifiles::writeTo(out, "precious"));
        const QString scene = write(dir, QStringLiteral("s.json"), sceneText);
        const Run r = run(clifiles::withPaths(args, out, scene, dir.path()));
        const QString why = notACleanFailure(r, exitCode, messagePart); // one clear line
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(clifiles::readAll(out), QByteArray("precious"));
    }

    void errorsInChinese()
    {
        const Run r =
            run({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--method"),
                 QStringLiteral("cubic"), QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("方法")), r.err.constData());
    }

    // The report reads the saved language only when it has something to say (it starts faster
    // without the settings); what it says must still be in that language.
    void savedLanguageWhenSpeaking()
    {
        QTemporaryDir config;
        QVERIFY(config.isValid());
        QVERIFY(QDir(config.path()).mkpath(QStringLiteral("AttentionCanvas")));
        QFile conf(config.filePath(QStringLiteral("AttentionCanvas/attention-canvas.conf")));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.write("[General]\nlanguage=zh_CN\n");
        conf.close();
        const auto inSavedLanguage = [&config](const QStringList &args) {
            return runApp(args, config.path(), {}, 30000);
        };

        const Run bad = inSavedLanguage({QStringLiteral("--method"), QStringLiteral("cubic"),
                                         QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(QString::fromUtf8(bad.err).contains(QStringLiteral("方法")), bad.err.constData());
        QCOMPARE(bad.err.count('\n'), 1); // said once, not once per run
        QVERIFY(bad.out.isEmpty());

        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        const Run noFile = inSavedLanguage(
            {QStringLiteral("--scene"), missing, QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(noFile.exitCode, 1);
        QVERIFY2(QString::fromUtf8(noFile.err).contains(QStringLiteral("missing.json")),
                 noFile.err.constData());
        QVERIFY2(noFile.err.count('\n') == 1 && !noFile.err.startsWith("attention-canvas: Can"),
                 noFile.err.constData());

        const Run help = inSavedLanguage({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(QString::fromUtf8(help.out).contains(QStringLiteral("温度")),
                 help.out.constData());

        // Saying nothing but numbers, it works the same; --lang still wins over the saved choice.
        const Run ok = inSavedLanguage({QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(ok.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(ok.out).isObject());
        const Run english = inSavedLanguage({QStringLiteral("--lang"), QStringLiteral("en"),
                                             QStringLiteral("--method"), QStringLiteral("cubic"),
                                             QStringLiteral("--report"), QStringLiteral("-")});
        QVERIFY2(english.err.contains("method"), english.err.constData());
    }

    // Found by fuzz_commandline: --help-all (which QCommandLineParser adds) and an option value
    // that looks like a flag ("--scene --help") chose the headless start, whose parse then asked
    // for neither a report, help nor the version: the program ended at once with 255 and no word.
    void helpAll()
    {
        const Run h = run({QStringLiteral("--help-all")});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains("--report"));
    }

    void scansAgreeWithTheParser_data()
    {
        dataColumns<QStringList, bool, QString>("args", "headless", "language");
        auto row = [](const char *name, const QString &line, bool headless, const char *lang) {
            QTest::newRow(name) << line.split(QLatin1Char(' '), Qt::SkipEmptyParts) << headless
                                << QString::fromLatin1(lang);
        };
        row("window", QStringLiteral("--scene a.json"), false, "");
        row("report", QStringLiteral("--report -"), true, "");
        row("report=", QStringLiteral("--report=out.json"), true, "");
        row("help", QStringLiteral("--help"), true, "");
        row("help-all", QStringLiteral("--help-all"), true, "");
        row("short group", QStringLiteral("-hv"), true, "");
        row("version", QStringLiteral("-v"), true, "");
        row("file named --help", QStringLiteral("--scene --help"), false, "");
        row("file named --report", QStringLiteral("--scene --report"), false, "");
        row("negative temperature", QStringLiteral("--temperature -1 --report -"), true, "");
        row("after --", QStringLiteral("-- --report x"), false, "");
        row("language", QStringLiteral("--lang zh_CN --report -"), true, "zh_CN");
        row("language=", QStringLiteral("--lang=zh_CN"), false, "zh_CN");
        row("last language wins", QStringLiteral("--lang en --lang zh_CN"), false, "zh_CN");
        row("file named --lang", QStringLiteral("--scene --lang zh_CN"), false, "");
        row("language named --help", QStringLiteral("--lang --help"), false, "--help");
        row("export", QStringLiteral("--export out.png"), true, "");
        row("file named --export", QStringLiteral("--scene --export"), false, "");
        row("export option alone", QStringLiteral("--caption"), true, "");
        // Qt's own options, which QApplication takes out before the parser sees them.
        row("Qt -reverse is no -v", QStringLiteral("-reverse"), false, "");
        row("Qt -stylesheet is no -h", QStringLiteral("-stylesheet a.qss"), false, "");
        row("Qt option's value", QStringLiteral("-style --help"), false, "");
        row("Qt option and report", QStringLiteral("-platform offscreen --report -"), true, "");
    }

    void scansAgreeWithTheParser()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, headless);
        QFETCH(QString, language);
        std::vector<QByteArray> bytes{QByteArrayLiteral("attention-canvas")};
        for (const QString &a : args)
            bytes.push_back(a.toLocal8Bit());
        std::vector<char *> argv;
        for (QByteArray &b : bytes)
            argv.push_back(b.data());
        argv.push_back(nullptr);
        QCOMPARE(CommandLine::scanHeadless(int(bytes.size()), argv.data()), headless);
        QCOMPARE(CommandLine::scanLanguage(int(bytes.size()), argv.data()), language);
    }

    void versionAndHelp()
    {
        const Run v = run({QStringLiteral("--version")});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith("attention-canvas "));
        const Run h = run({QStringLiteral("--help")});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains("--report"));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
