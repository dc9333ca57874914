// `--scene SEQUENCE --train N --report OUT|- [--save-trained FILE]` as a user runs it: the real
// binary through QProcess. The numbers are checked against gradient descent done by hand on a
// model small enough for paper.

#include "common/apprun.h"
#include "common/clifiles.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

AppRun run(const QStringList &args)
{
    return runApp(args, QDir::tempPath() + QStringLiteral("/ac-traincli-cfg"), {}, 60000);
}

using clifiles::readAll;
using clifiles::write;

// D = 1, W_v = W_O = 0: the layer adds nothing and never learns, so logits_o = u_o e_a and
// plain SGD moves only E and U, by formulas short enough to write out below.
const char *kPaper = R"({
  "format": "attention-canvas-sequence", "version": 1,
  "vocabulary": ["a", "b"], "d_model": 1,
  "embedding": [[0.5], [-1.25]],
  "layers": [{"heads": [{"wq": [[0.75]], "wk": [[-0.5]], "wv": [[0]]}], "wo": [[0]]}],
  "unembedding": [[1.5], [0.25]],
  "examples": [{"tokens": ["a", "b"], "targets": ["b", "a"]}],
  "training": {"optimizer": "sgd", "learning_rate": 0.5}
})";

using Real = long double;

// Mean cross-entropy over (a → b, b → a) and its gradient with respect to e and u.
Real paperStep(Real e[2], Real u[2], Real lr)
{
    const int pairs[2][2] = {{0, 1}, {1, 0}};
    Real de[2] = {}, du[2] = {}, loss = 0;
    for (const auto &st : pairs) {
        const int a = st[0], t = st[1];
        const Real l[2] = {u[0] * e[a], u[1] * e[a]};
        const Real z = std::exp(l[0]) + std::exp(l[1]);
        loss += (std::log(z) - l[t]) / 2;
        for (int o = 0; o < 2; ++o) {
            const Real r = (std::exp(l[o]) / z - (o == t ? 1 : 0)) / 2;
            du[o] += r * e[a];
            de[a] += r * u[o];
        }
    }
    for (int i = 0; i < 2; ++i) {
        e[i] -= lr * de[i];
        u[i] -= lr * du[i];
    }
    return loss;
}

bool near(double a, Real b)
{
    return std::abs(Real(a) - b) <= 1e-14L * (1 + std::abs(b));
}

} // namespace

class TestTrainingCli : public QObject
{
    Q_OBJECT

private slots:
    void trainsAndReportsByHand()
    {
        QTemporaryDir dir;
        const QString in = write(dir, QStringLiteral("paper.json"), kPaper);
        const QString out = dir.filePath(QStringLiteral("r.json"));
        const AppRun r = run({QStringLiteral("--scene"), in, QStringLiteral("--train"),
                              QStringLiteral("4"), QStringLiteral("--report"), out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(readAll(out)).object();
        const QJsonObject t = o.value(QStringLiteral("training")).toObject();
        QCOMPARE(t.value(QStringLiteral("steps")).toInt(), 4);
        const QJsonArray losses = t.value(QStringLiteral("losses")).toArray();
        const QJsonArray accuracies = t.value(QStringLiteral("accuracies")).toArray();
        QCOMPARE(losses.size(), 5);
        QCOMPARE(accuracies.size(), 5);

        Real e[2] = {0.5L, -1.25L}, u[2] = {1.5L, 0.25L};
        for (int step = 0; step < 4; ++step)
            QVERIFY2(near(losses.at(step).toDouble(), paperStep(e, u, 0.5L)),
                     qPrintable(QString::number(step)));
        Real e4[2] = {e[0], e[1]}, u4[2] = {u[0], u[1]};
        const Real last = paperStep(e4, u4, 0); // the loss after 4 updates, nothing moved
        QVERIFY(near(losses.at(4).toDouble(), last));
        QVERIFY(near(o.value(QStringLiteral("loss")).toDouble(), last));

        // The trained parameters, and the examples computed from them.
        const QJsonObject p = t.value(QStringLiteral("parameters")).toObject();
        const QJsonArray embedding = p.value(QStringLiteral("embedding")).toArray();
        const QJsonArray unembedding = p.value(QStringLiteral("unembedding")).toArray();
        for (int i = 0; i < 2; ++i) {
            QVERIFY(near(embedding.at(i).toArray().at(0).toDouble(), e[i]));
            QVERIFY(near(unembedding.at(i).toArray().at(0).toDouble(), u[i]));
        }
        QVERIFY(!p.contains(QStringLiteral("positions"))); // only for learned tables
        const QJsonObject layer = p.value(QStringLiteral("layers")).toArray().at(0).toObject();
        QCOMPARE(layer.value(QStringLiteral("wo")).toArray().at(0).toArray().at(0).toDouble(), 0.0);
        const QJsonObject head = layer.value(QStringLiteral("heads")).toArray().at(0).toObject();
        QCOMPARE(head.value(QStringLiteral("wq")).toArray().at(0).toArray().at(0).toDouble(), 0.75);
        const QJsonArray logits = o.value(QStringLiteral("examples"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("logits"))
                                      .toArray();
        QVERIFY(near(logits.at(1).toArray().at(0).toDouble(), u[0] * e[1]));
        // Accuracy by hand after 4 steps: the larger logit of each scored token.
        int correct = 0;
        for (int a = 0; a < 2; ++a) {
            const int predicted = u[1] * e[a] > u[0] * e[a] ? 1 : 0;
            correct += predicted == 1 - a ? 1 : 0;
        }
        QCOMPARE(accuracies.at(4).toDouble(), correct / 2.0);
    }

    void scoresHeldOutExamplesByHand()
    {
        // The paper model with one held-out example, a → b: never trained on, scored at every
        // step with the parameters of that step.
        QByteArray text(kPaper);
        text.replace(R"("examples":)", R"("held_out": [{"tokens": ["a"], "targets": ["b"]}],
  "examples":)");
        QTemporaryDir dir;
        const QString in = write(dir, QStringLiteral("held.json"), text);
        const AppRun r =
            run({QStringLiteral("--scene"), in, QStringLiteral("--train"), QStringLiteral("3"),
                 QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject t = o.value(QStringLiteral("training")).toObject();
        const QJsonArray losses = t.value(QStringLiteral("held_out_losses")).toArray();
        const QJsonArray accuracies = t.value(QStringLiteral("held_out_accuracies")).toArray();
        QCOMPARE(losses.size(), 4);
        QCOMPARE(accuracies.size(), 4);
        // −log softmax(u e_a)[b], and whether u_b e_a is the larger logit.
        auto heldOut = [](const Real e[2], const Real u[2]) {
            return std::log(std::exp(u[0] * e[0]) + std::exp(u[1] * e[0])) - u[1] * e[0];
        };
        Real e[2] = {0.5L, -1.25L}, u[2] = {1.5L, 0.25L};
        for (int step = 0; step <= 3; ++step) {
            QVERIFY2(near(losses.at(step).toDouble(), heldOut(e, u)),
                     qPrintable(QString::number(step)));
            QCOMPARE(accuracies.at(step).toDouble(), u[1] * e[0] > u[0] * e[0] ? 1.0 : 0.0);
            if (step < 3)
                paperStep(e, u, 0.5L);
        }
        QVERIFY(near(o.value(QStringLiteral("held_out_loss")).toDouble(), heldOut(e, u)));
        QVERIFY(o.contains(QStringLiteral("held_out_accuracy")));
        // Training figures are those of the training example alone, as without held-out ones.
        QCOMPARE(t.value(QStringLiteral("losses")).toArray().size(), 4);
    }

    void savesTheTrainedModel()
    {
        QTemporaryDir dir;
        const QString in = write(dir, QStringLiteral("paper.json"), kPaper);
        const QString saved = dir.filePath(QStringLiteral("trained.json"));
        const AppRun r = run({QStringLiteral("--scene"), in, QStringLiteral("--train"),
                              QStringLiteral("3"), QStringLiteral("--save-trained"), saved,
                              QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject trained = QJsonDocument::fromJson(r.out).object();
        const QJsonObject file = QJsonDocument::fromJson(readAll(saved)).object();
        QCOMPARE(file.value(QStringLiteral("format")).toString(),
                 QStringLiteral("attention-canvas-sequence"));
        // The training block is written back as it was read.
        QCOMPARE(
            file.value(QStringLiteral("training")).toObject(),
            QJsonDocument::fromJson(kPaper).object().value(QStringLiteral("training")).toObject());
        Real e[2] = {0.5L, -1.25L}, u[2] = {1.5L, 0.25L};
        for (int step = 0; step < 3; ++step)
            paperStep(e, u, 0.5L);
        for (int i = 0; i < 2; ++i) {
            QVERIFY(near(
                file.value(QStringLiteral("embedding")).toArray().at(i).toArray().at(0).toDouble(),
                e[i]));
            QVERIFY(near(file.value(QStringLiteral("unembedding"))
                             .toArray()
                             .at(i)
                             .toArray()
                             .at(0)
                             .toDouble(),
                         u[i]));
        }
        // It opens again: its report's loss is the last loss of the training.
        const AppRun again = run(
            {QStringLiteral("--scene"), saved, QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(again.exitCode, 0);
        const double lossAgain =
            QJsonDocument::fromJson(again.out).object().value(QStringLiteral("loss")).toDouble();
        const QJsonArray losses = trained.value(QStringLiteral("training"))
                                      .toObject()
                                      .value(QStringLiteral("losses"))
                                      .toArray();
        QCOMPARE(lossAgain, losses.at(3).toDouble());
    }

    void sameFileSameBytes()
    {
        const QString preset =
            QStringLiteral(AC_SOURCE_DIR "/resources/sequences/two-layer-induction.json");
        const QStringList args = {QStringLiteral("--scene"),  preset,
                                  QStringLiteral("--train"),  QStringLiteral("25"),
                                  QStringLiteral("--report"), QStringLiteral("-")};
        const AppRun a = run(args), b = run(args);
        QCOMPARE(a.exitCode, 0);
        QVERIFY(!a.out.isEmpty());
        QVERIFY(a.out == b.out);
    }

    void divergenceWritesNothing()
    {
        QTemporaryDir dir;
        QByteArray text = kPaper;
        text.replace("\"learning_rate\": 0.5", "\"learning_rate\": 1e300");
        const QString in = write(dir, QStringLiteral("huge.json"), text);
        const QString out = dir.filePath(QStringLiteral("r.json"));
        const QString saved = write(dir, QStringLiteral("keep.json"), "earlier");
        for (const char *lang : {"en", "zh_CN"}) {
            const AppRun r =
                run({QStringLiteral("--scene"), in, QStringLiteral("--train"), QStringLiteral("50"),
                     QStringLiteral("--report"), out, QStringLiteral("--save-trained"), saved,
                     QStringLiteral("--lang"), QLatin1String(lang)});
            QCOMPARE(r.exitCode, 1);
            const QString err = QString::fromUtf8(r.err);
            QVERIFY2(err.contains(QStringLiteral("huge.json")), r.err.constData());
            if (QLatin1String(lang) == QLatin1String("en"))
                QVERIFY2(err.contains(QStringLiteral("diverged")), r.err.constData());
            else
                QVERIFY2(err.contains(QStringLiteral("训练")), r.err.constData());
            QVERIFY(!QFile::exists(out));
            QCOMPARE(readAll(saved), QByteArray("earlier"));
        }
    }

    void badTrainingBlockNamesTheField()
    {
        QTemporaryDir dir;
        QByteArray text = kPaper;
        text.replace("\"optimizer\": \"sgd\"", "\"optimizer\": \"rmsprop\"");
        const QString in = write(dir, QStringLiteral("bad.json"), text);
        const AppRun r =
            run({QStringLiteral("--scene"), in, QStringLiteral("--train"), QStringLiteral("1"),
                 QStringLiteral("--report"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("training.optimizer") && r.err.contains("rmsprop"),
                 r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        const QString scene =
            QStringLiteral(AC_SOURCE_DIR "/resources/sequences/previous-token-rotary.json");
        const QString dash = QStringLiteral("-");
        QTest::newRow("no output") << QStringList{QStringLiteral("--scene"), scene,
                                                  QStringLiteral("--train"), QStringLiteral("5")}
                                   << 2;
        QTest::newRow("negative") << QStringList{QStringLiteral("--scene"),  scene,
                                                 QStringLiteral("--train"),  QStringLiteral("-1"),
                                                 QStringLiteral("--report"), dash}
                                  << 2;
        QTest::newRow("too many") << QStringList{QStringLiteral("--scene"),
                                                 scene,
                                                 QStringLiteral("--train"),
                                                 QStringLiteral("1000001"),
                                                 QStringLiteral("--report"),
                                                 dash}
                                  << 2;
        QTest::newRow("no scene") << QStringList{QStringLiteral("--train"), QStringLiteral("5"),
                                                 QStringLiteral("--report"), dash}
                                  << 2;
        QTest::newRow("save without train")
            << QStringList{QStringLiteral("--scene"),
                           scene,
                           QStringLiteral("--save-trained"),
                           QDir::tempPath() + QStringLiteral("/ac-never.json"),
                           QStringLiteral("--report"),
                           dash}
            << 2;
        QTest::newRow("train and export")
            << QStringList{QStringLiteral("--scene"),
                           scene,
                           QStringLiteral("--train"),
                           QStringLiteral("5"),
                           QStringLiteral("--export"),
                           QDir::tempPath() + QStringLiteral("/ac-never.png")}
            << 2;
        QTest::newRow("a scene")
            << QStringList{QStringLiteral("--scene"),
                           QStringLiteral(AC_SOURCE_DIR "/resources/scenes/article.json"),
                           QStringLiteral("--train"),
                           QStringLiteral("5"),
                           QStringLiteral("--report"),
                           dash}
            << 1;
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        const AppRun r = run(args);
        QCOMPARE(r.exitCode, code);
        QVERIFY(r.out.isEmpty());
        QVERIFY(r.err.startsWith("attention-canvas: "));
    }

    void helpNamesTheOptions()
    {
        for (const char *lang : {"en", "zh_CN"}) {
            const AppRun r =
                run({QStringLiteral("--help"), QStringLiteral("--lang"), QLatin1String(lang)});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains("--train <N>"));
            QVERIFY(r.out.contains("--save-trained <"));
            if (QLatin1String(lang) == QLatin1String("zh_CN"))
                QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("训练")),
                         r.out.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestTrainingCli)
#include "tst_trainingcli.moc"
