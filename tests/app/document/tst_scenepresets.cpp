#include "common/scenebits.h"
#include "core/scene.h"
#include "document/scenepresets.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>

// Every preset is a valid scene file that the ordinary loader reads, survives a save and load
// bit for bit, and shows what its title promises. The expected numbers are worked out here with
// plain loops from the vectors, not with the app's core.

namespace {
attn::Scene loadPreset(const QString &id)
{
    QString why;
    auto scene = ScenePresets::load(id, &why);
    if (!scene)
        qFatal("preset %s: %s", qPrintable(id), qPrintable(why));
    return *scene;
}

double dot(const attn::Scene &s, int i)
{
    return s.query[0] * s.keys(i, 0) + s.query[1] * s.keys(i, 1);
}

double cosine(const attn::Scene &s, int i)
{
    return dot(s, i) /
           (std::hypot(s.query[0], s.query[1]) * std::hypot(s.keys(i, 0), s.keys(i, 1)));
}

template <typename F> int argmax(int n, F f)
{
    int best = 0;
    for (int i = 1; i < n; ++i)
        if (f(i) > f(best))
            best = i;
    return best;
}

int argmax(const attn::Vector &v)
{
    return argmax(int(v.size()), [&v](int i) { return v[i]; });
}
} // namespace

class TestScenePresets : public QObject
{
    Q_OBJECT

private slots:
    void resourcesMatchTheList();
    void titles();
    void loadsAndRoundTrips_data();
    void loadsAndRoundTrips();
    void unknownPreset();
    void articleIsTheDefaultScene();
    void directions();
    void lengthBeatsAngle();
    void temperatureExtremes();
    void maskedKey();
    void threeLenses();
    void circle();
};

void TestScenePresets::resourcesMatchTheList()
{
    QStringList files = QDir(QStringLiteral(":/scenes")).entryList(QDir::Files, QDir::Name);
    QStringList listed;
    for (const auto &p : ScenePresets::all())
        listed << p.id + QStringLiteral(".json");
    listed.sort();
    QCOMPARE(files, listed);
    // The issue asks for at least these lessons.
    QVERIFY(listed.size() >= 8);
}

void TestScenePresets::titles()
{
    QSet<QString> titles;
    for (const auto &p : ScenePresets::all()) {
        QVERIFY(!p.title.isEmpty());
        QVERIFY(!p.description.isEmpty());
        titles.insert(p.title);
        QCOMPARE(ScenePresets::find(p.id)->title, p.title);
    }
    QCOMPARE(titles.size(), ScenePresets::all().size());
}

void TestScenePresets::loadsAndRoundTrips_data()
{
    QTest::addColumn<QString>("id");
    for (const auto &p : ScenePresets::all())
        QTest::newRow(qPrintable(p.id)) << p.id;
}

void TestScenePresets::loadsAndRoundTrips()
{
    QFETCH(QString, id);
    // Through the same loader as a file the user opens.
    QFile file(ScenePresets::resourcePath(id));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString why;
    const auto parsed = SceneStorage::parse(file.readAll(), &why);
    QVERIFY2(parsed, qPrintable(why));
    COMPARE_SCENES(loadPreset(id), *parsed);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(id + QStringLiteral(".json"));
    QVERIFY2(SceneStorage::save(*parsed, path, &why), qPrintable(why));
    const auto reloaded = SceneStorage::load(path, &why);
    QVERIFY2(reloaded, qPrintable(why));
    COMPARE_SCENES(*reloaded, *parsed);

    // The model accepts it and computes a result.
    SceneModel model;
    QVERIFY(!model.setScene(*parsed).has_value());
    QVERIFY2(model.hasResult(), qPrintable(model.errorText()));
}

void TestScenePresets::unknownPreset()
{
    QString why;
    QVERIFY(!ScenePresets::load(QStringLiteral("no-such-preset"), &why));
    QVERIFY(why.contains(QStringLiteral("no-such-preset")));
    QVERIFY(!ScenePresets::find(QStringLiteral("no-such-preset")));
}

void TestScenePresets::articleIsTheDefaultScene()
{
    const attn::Scene s = loadPreset(QStringLiteral("article"));
    COMPARE_SCENES(s, attn::Scene::defaultScene());
    // The article's numbers: q·k = 1.4, 2.2, 1.92.
    QCOMPARE(s.method, attn::Method::Dot);
    QVERIFY(std::abs(dot(s, 0) - 1.4) < 1e-12);
    QVERIFY(std::abs(dot(s, 1) - 2.2) < 1e-12);
    QVERIFY(std::abs(dot(s, 2) - 1.92) < 1e-12);
}

void TestScenePresets::directions()
{
    const attn::Scene s = loadPreset(QStringLiteral("directions"));
    QCOMPARE(s.keyCount(), 3);
    QCOMPARE(s.method, attn::Method::Cosine);
    QVERIFY(std::abs(cosine(s, 0) - 1) < 1e-12);
    QVERIFY(std::abs(cosine(s, 1)) < 1e-12);
    QVERIFY(std::abs(cosine(s, 2) + 1) < 1e-12);
    SceneModel model;
    QVERIFY(!model.setScene(s));
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(model.result().scores[i] - cosine(s, i)) < 1e-12);
}

void TestScenePresets::lengthBeatsAngle()
{
    const attn::Scene s = loadPreset(QStringLiteral("length-beats-angle"));
    QCOMPARE(s.method, attn::Method::Dot);
    const int n = s.keyCount();
    const int byDot = argmax(n, [&s](int i) { return dot(s, i); });
    const int byCosine = argmax(n, [&s](int i) { return cosine(s, i); });
    QVERIFY(byDot != byCosine);
    // The dot product's winner is the longest key; the cosine's is not.
    const int longest = argmax(n, [&s](int i) { return std::hypot(s.keys(i, 0), s.keys(i, 1)); });
    QCOMPARE(byDot, longest);

    SceneModel model;
    QVERIFY(!model.setScene(s));
    QCOMPARE(argmax(model.result().weights), byDot);
    model.setMethod(attn::Method::Cosine);
    QCOMPARE(argmax(model.result().weights), byCosine);
}

void TestScenePresets::temperatureExtremes()
{
    const attn::Scene sharp = loadPreset(QStringLiteral("sharp-softmax"));
    const attn::Scene flat = loadPreset(QStringLiteral("flat-softmax"));
    QCOMPARE(sharp.temperature, 0.05);
    QCOMPARE(flat.temperature, 20.0);
    // softmax(s/τ) by hand for the article's scores.
    auto weights = [](const attn::Scene &s) {
        std::vector<double> e;
        double sum = 0;
        for (int i = 0; i < s.keyCount(); ++i) {
            e.push_back(std::exp((dot(s, i) - 2.2) / s.temperature));
            sum += e.back();
        }
        for (double &x : e)
            x /= sum;
        return e;
    };
    const auto w1 = weights(sharp);
    QVERIFY(w1[1] > 0.99);
    const auto w2 = weights(flat);
    for (double x : w2)
        QVERIFY(std::abs(x - 1.0 / 3) < 0.02);

    SceneModel model;
    QVERIFY(!model.setScene(sharp));
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(model.result().weights[i] - w1[std::size_t(i)]) < 1e-12);
    QVERIFY(!model.setScene(flat));
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(model.result().weights[i] - w2[std::size_t(i)]) < 1e-12);
}

void TestScenePresets::maskedKey()
{
    const attn::Scene s = loadPreset(QStringLiteral("masked-key"));
    QCOMPARE(s.mask, attn::Mask({false, true, false}));
    SceneModel model;
    QVERIFY(!model.setScene(s));
    QCOMPARE(model.result().weights[1], 0.0);
    // The two others share the weight: softmax of 1.4 and 1.92.
    const double w0 = 1 / (1 + std::exp(1.92 - 1.4));
    QVERIFY(std::abs(model.result().weights[0] - w0) < 1e-12);
    QVERIFY(std::abs(model.result().weights[2] - (1 - w0)) < 1e-12);
}

void TestScenePresets::threeLenses()
{
    const attn::Scene s = loadPreset(QStringLiteral("three-lenses"));
    QCOMPARE(s.method, attn::Method::MultiHead);
    QCOMPARE(int(s.multiHead.heads.size()), 3);
    // Each head's scores (W_Q q)·(W_K k)/√d_k by hand; each head prefers another key.
    QSet<int> winners;
    SceneModel model;
    QVERIFY(!model.setScene(s));
    for (std::size_t h = 0; h < 3; ++h) {
        const attn::Head &head = s.multiHead.heads[h];
        const int dk = int(head.wq.rows());
        auto score = [&](int i) {
            double sum = 0;
            for (int r = 0; r < dk; ++r) {
                const double qr = head.wq(r, 0) * s.query[0] + head.wq(r, 1) * s.query[1];
                const double kr = head.wk(r, 0) * s.keys(i, 0) + head.wk(r, 1) * s.keys(i, 1);
                sum += qr * kr;
            }
            return sum / std::sqrt(double(dk));
        };
        const int best = argmax(s.keyCount(), score);
        winners.insert(best);
        QCOMPARE(argmax(model.result().heads[h].softmax.weights), best);
    }
    QCOMPARE(winners.size(), 3);
}

void TestScenePresets::circle()
{
    const attn::Scene s = loadPreset(QStringLiteral("circle-32"));
    QCOMPARE(s.keyCount(), 32);
    for (int i = 0; i < 32; ++i) {
        const double a = 2 * std::numbers::pi * i / 32;
        QVERIFY(std::abs(s.keys(i, 0) - std::cos(a)) < 1e-6);
        QVERIFY(std::abs(s.keys(i, 1) - std::sin(a)) < 1e-6);
    }
}

QTEST_GUILESS_MAIN(TestScenePresets)
#include "tst_scenepresets.moc"
