// The bad-input matrix, on the command line and in SceneStorage::load (which the window uses):
// every row is one bad scene file or path (tests/common/badinputcases.h). The command line must
// exit with 1, print one line that names the problem, write nothing to standard output and leave
// an existing report file as it was. A byte-order mark is the one accepted row: the file loads
// and gives exactly what the same file without it gives.

#include "common/apprun.h"
#include "common/badinputcases.h"
#include "common/datacolumns.h"
#include "core/scenefile.h"
#include "model/scenestorage.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {
using Run = AppRun;

// Generous for a sanitizer build on a busy machine; a hang still fails.
Run run(const QStringList &args)
{
    return runApp(args);
}

const QByteArray kEarlierReport = "the report of an earlier run\n";

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

using badinput::addRows;
using badinput::sceneText;
} // namespace

class TestBadInput : public QObject
{
    Q_OBJECT

private slots:
    void matrixIsBigEnough() { QVERIFY(badinput::cases().size() >= 30); }

    void storage_data() { addRows(); }
    void storage()
    {
        BADINPUT_MAKE_ROW(c, dir, path);

        QString error;
        const auto scene = SceneStorage::load(path, &error);
        if (c.kind == badinput::Kind::Bom) {
            QVERIFY2(scene.has_value(), qPrintable(error));
            const auto plain = attn::parseScene(badinput::kFullScene);
            QVERIFY(plain.ok());
            QCOMPARE(sceneText(*scene), sceneText(*plain));
            return;
        }
        QVERIFY(!scene.has_value());
        for (const QString &words : c.expected)
            QVERIFY2(error.contains(words),
                     qPrintable(QStringLiteral("\"%1\" is not in: %2").arg(words, error)));
    }

    void commandLine_data() { addRows(); }
    void commandLine()
    {
        BADINPUT_MAKE_ROW(c, dir, path);
        const QString report = dir.filePath(QStringLiteral("report.json"));
        {
            QFile f(report);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kEarlierReport);
        }

        const Run r = run({QStringLiteral("--lang"), QStringLiteral("en"),
                           QStringLiteral("--scene"), path, QStringLiteral("--report"), report});
        if (c.kind == badinput::Kind::Bom) {
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.err.isEmpty(), r.err.constData());
            // The same report as for the file without the mark.
            const QString plain = dir.filePath(QStringLiteral("plain.json"));
            QFile f(plain);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(badinput::kFullScene);
            f.close();
            const Run p = run({QStringLiteral("--scene"), plain, QStringLiteral("--report"),
                               QStringLiteral("-")});
            QCOMPARE(p.exitCode, 0);
            QCOMPARE(contents(report), p.out);
            return;
        }
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        const QString err = QString::fromUtf8(r.err);
        // One line: the program, the file and the problem.
        QVERIFY2(err.startsWith(QStringLiteral("attention-canvas: ") + path), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
        for (const QString &words : c.expected)
            QVERIFY2(err.contains(words),
                     qPrintable(QStringLiteral("\"%1\" is not in: %2").arg(words, err)));
        QCOMPARE(contents(report), kEarlierReport);
    }

    // Bad arguments (not files): exit 2 with a line that names the argument.
    void arguments_data()
    {
        dataColumns<QStringList, QString>("args", "expected");
        const QString t = QStringLiteral("--temperature");
        const QString greater = QStringLiteral("must be a number greater than 0");
        QTest::newRow("temperature nan") << QStringList{t, QStringLiteral("nan")} << greater;
        QTest::newRow("temperature inf") << QStringList{t, QStringLiteral("inf")} << greater;
        QTest::newRow("temperature 1e309") << QStringList{t, QStringLiteral("1e309")} << greater;
        QTest::newRow("temperature -1") << QStringList{t, QStringLiteral("-1")} << greater;
        QTest::newRow("temperature 0") << QStringList{t, QStringLiteral("0")} << greater;
        QTest::newRow("temperature empty") << QStringList{t + QStringLiteral("=")} << greater;
        QTest::newRow("method unknown")
            << QStringList{QStringLiteral("--method"), QStringLiteral("softmax")}
            << QStringLiteral("Unknown method \"softmax\"");
        QTest::newRow("scene without a name") << QStringList{QStringLiteral("--scene=")}
                                              << QStringLiteral("--scene needs a file name");
        QTest::newRow("stray argument") << QStringList{QStringLiteral("scene.json")}
                                        << QStringLiteral("Unexpected argument \"scene.json\"");
    }
    void arguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = run(QStringList{QStringLiteral("--lang"), QStringLiteral("en")} + args +
                          QStringList{QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"
