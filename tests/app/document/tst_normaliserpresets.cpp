// The three normaliser presets show what their names say. The numbers are worked out here from
// the JSON itself with plain loops (sparsemax by bisection on its threshold, not by the sort
// the core uses), and the descriptions' numbers are compared with them. The last test needs the
// scene loader to read the "normaliser" field: it checks that the app computes the same weights.

#include "common/normaliserbyhand.h"
#include "document/scenepresets.h"
#include "model/language.h"
#include "model/scenemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace byhand;

namespace {

struct Preset
{
    QString normaliser;
    bool hasBias = false;
    std::vector<double> scores; // q·kᵢ: every preset uses the dot product at τ = 1
};

Preset readPreset(const QString &id)
{
    QFile file(ScenePresets::resourcePath(id));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no preset %s", qPrintable(id));
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    Preset p;
    p.normaliser = o.value(QStringLiteral("normaliser")).toString();
    p.hasBias = o.contains(QStringLiteral("sigmoid_bias"));
    const QJsonArray q = o.value(QStringLiteral("query")).toArray();
    for (const QJsonValue &k : o.value(QStringLiteral("keys")).toArray())
        p.scores.push_back(q[0].toDouble() * k.toArray()[0].toDouble() +
                           q[1].toDouble() * k.toArray()[1].toDouble());
    if (o.value(QStringLiteral("method")).toString() != QLatin1String("dot") ||
        o.contains(QStringLiteral("temperature")) || o.contains(QStringLiteral("mask")))
        qFatal("preset %s: the test assumes the dot product at τ = 1, no mask", qPrintable(id));
    return p;
}

QString description(const QString &id)
{
    return ScenePresets::find(id)->description;
}

} // namespace

class TestNormaliserPresets : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QVERIFY(Language::install(QStringLiteral("en"))); }

    void listedInBothLanguages()
    {
        const QStringList ids = {QStringLiteral("nothing-relevant"),
                                 QStringLiteral("sparsemax-two-keys"),
                                 QStringLiteral("sigmoid-many-keys")};
        QStringList english;
        for (const QString &id : ids) {
            const auto p = ScenePresets::find(id);
            QVERIFY2(p && !p->title.isEmpty() && !p->description.isEmpty(), qPrintable(id));
            english << p->title << p->description;
        }
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        for (const QString &id : ids) {
            const auto p = ScenePresets::find(id);
            QVERIFY2(!english.contains(p->title), qPrintable(p->title));
            QVERIFY2(!english.contains(p->description), qPrintable(p->description));
        }
    }

    void nothingIsRelevant()
    {
        const Preset p = readPreset(QStringLiteral("nothing-relevant"));
        QCOMPARE(p.normaliser, QStringLiteral("softmax1"));
        for (double s : p.scores)
            QVERIFY2(s < -2.5, qPrintable(QString::number(s))); // every key points away
        // Softmax still hands out 1, its best key a third or more of it.
        const auto plain = softmax(p.scores, false);
        QVERIFY(std::abs(total(plain) - 1) < 1e-12);
        QVERIFY(*std::max_element(plain.begin(), plain.end()) > 1.0 / 3);
        // Softmax₁ gives little: most of the weight goes to nothing.
        const double given = total(softmax(p.scores, true));
        QVERIFY(given < 0.15);
        QVERIFY(description(QStringLiteral("nothing-relevant")).contains(written(given, 3)));
        QVERIFY(description(QStringLiteral("nothing-relevant")).contains(written(1 - given, 3)));
        // Keys merely orthogonal to q would not do: scores of 0 give n/(n + 1).
        QCOMPARE(total(softmax({0, 0, 0}, true)), 0.75);
    }

    void sparsemaxKeepsTwoKeys()
    {
        const Preset p = readPreset(QStringLiteral("sparsemax-two-keys"));
        QCOMPARE(p.normaliser, QStringLiteral("sparsemax"));
        double threshold = 0;
        const auto w = sparsemax(p.scores, &threshold);
        std::vector<int> support;
        for (int i = 0; i < int(w.size()); ++i)
            if (w[std::size_t(i)] > 0)
                support.push_back(i);
        QCOMPARE(support, (std::vector<int>{1, 2}));
        QVERIFY(std::abs(total(w) - 1) < 1e-9);
        // Not a borderline case: the third-best key is clearly below the threshold.
        std::vector<double> sorted = p.scores;
        std::sort(sorted.rbegin(), sorted.rend());
        QVERIFY(sorted[2] < threshold - 0.1);
        const QString text = description(QStringLiteral("sparsemax-two-keys"));
        for (double x : {threshold, w[1], w[2]})
            QVERIFY2(text.contains(written(x, 3)), qPrintable(written(x, 3)));
        // Softmax puts more than a fifth of the weight on the three keys sparsemax drops.
        const auto plain = softmax(p.scores, false);
        QVERIFY(plain[0] + plain[3] + plain[4] > 0.2);
    }

    void sigmoidWithManyKeys()
    {
        const Preset p = readPreset(QStringLiteral("sigmoid-many-keys"));
        QCOMPARE(p.normaliser, QStringLiteral("sigmoid"));
        QVERIFY(!p.hasBias); // the default b = −ln n
        QCOMPARE(int(p.scores.size()), 24);
        const auto w = sigmoid(p.scores);
        const auto over = std::count_if(w.begin(), w.end(), [](double x) { return x > 0.5; });
        QCOMPARE(int(over), 7);
        QVERIFY(total(w) > 6); // no sum to meet
        const QString text = description(QStringLiteral("sigmoid-many-keys"));
        QVERIFY2(text.contains(written(total(w), 2)), qPrintable(written(total(w), 2)));
        QVERIFY(text.contains(QStringLiteral("seven")));
        // Softmax's best key gets less than a quarter.
        const auto plain = softmax(p.scores, false);
        QVERIFY(*std::max_element(plain.begin(), plain.end()) < 0.25);
    }

    // Needs the core to read "normaliser": the app's weights are the ones worked out above.
    void appComputesTheSameWeights_data()
    {
        QTest::addColumn<QString>("id");
        for (const char *id : {"nothing-relevant", "sparsemax-two-keys", "sigmoid-many-keys"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void appComputesTheSameWeights()
    {
        QFETCH(QString, id);
        QString why;
        const auto scene = ScenePresets::load(id, &why);
        QVERIFY2(scene, qPrintable(why));
        SceneModel model;
        QVERIFY(!model.setScene(*scene).has_value());
        QVERIFY2(model.hasResult(), qPrintable(model.errorText()));
        const Preset p = readPreset(id);
        double threshold = 0;
        const std::vector<double> expected =
            p.normaliser == QLatin1String("softmax1")    ? softmax(p.scores, true)
            : p.normaliser == QLatin1String("sparsemax") ? sparsemax(p.scores, &threshold)
                                                         : sigmoid(p.scores);
        const attn::Vector &weights = model.result().weights;
        QCOMPARE(int(weights.size()), int(expected.size()));
        for (int i = 0; i < int(expected.size()); ++i)
            QVERIFY2(std::abs(weights[i] - expected[std::size_t(i)]) < 1e-9,
                     qPrintable(QStringLiteral("key %1: %2, expected %3")
                                    .arg(i + 1)
                                    .arg(weights[i])
                                    .arg(expected[std::size_t(i)])));
    }
};

QTEST_MAIN(TestNormaliserPresets)
#include "tst_normaliserpresets.moc"
