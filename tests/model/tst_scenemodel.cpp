// SceneModel: one computation per change, edits refused without damage, the normalised view.
// Expected numbers come from hand arithmetic or a naive loop here, never from the model's code.

#include "common/smallmatrices.h"
#include "model/scenemodel.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <vector>

namespace {
using smallmatrices::vec;

// softmax(s) by the textbook formula, in long double, for small well-scaled inputs.
std::vector<double> naiveSoftmax(const std::vector<double> &s)
{
    long double m = s[0];
    for (double x : s)
        m = std::max<long double>(m, x);
    long double sum = 0;
    for (double x : s)
        sum += std::exp((long double)x - m);
    std::vector<double> w;
    for (double x : s)
        w.push_back(double(std::exp((long double)x - m) / sum));
    return w;
}
} // namespace

class TestSceneModel : public QObject
{
    Q_OBJECT

private slots:
    void defaultSceneIsTheArticleExample()
    {
        SceneModel model;
        QCOMPARE(model.keyCount(), 3);
        QVERIFY(model.hasResult());
        QCOMPARE(model.scene().method, attn::Method::Dot);
        // 1.2·0.5 + 0.8·1.0 = 1.4; 1.2·1.5 + 0.8·0.5 = 2.2; 1.2·0.8 + 0.8·1.2 = 1.92.
        const double expected[] = {1.4, 2.2, 1.92};
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(model.result().scores[i] - expected[i]) < 1e-12);
        const auto w = naiveSoftmax({1.4, 2.2, 1.92});
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(model.result().weights[i] - w[i]) < 1e-12);
        // output = w1·(1,0) + w2·(0,1) + w3·(1,1)
        QVERIFY(std::abs(model.result().output[0] - (w[0] + w[2])) < 1e-12);
        QVERIFY(std::abs(model.result().output[1] - (w[1] + w[2])) < 1e-12);
    }

    void eachEditEmitsChangedOnce_data()
    {
        QTest::addColumn<int>("edit");
        QTest::newRow("query") << 0;
        QTest::newRow("key") << 1;
        QTest::newRow("value") << 2;
        QTest::newRow("temperature") << 3;
        QTest::newRow("method") << 4;
        QTest::newRow("add key") << 5;
        QTest::newRow("remove key") << 6;
        QTest::newRow("mask") << 7;
        QTest::newRow("normalise") << 8;
    }
    void eachEditEmitsChangedOnce()
    {
        QFETCH(int, edit);
        SceneModel model;
        QSignalSpy spy(&model, &SceneModel::changed);
        bool ok = true;
        switch (edit) {
        case 0:
            ok = model.setQuery(vec(0.3, -0.4));
            break;
        case 1:
            ok = model.setKey(1, vec(2, 2));
            break;
        case 2:
            ok = model.setValue(2, vec(-1, 0));
            break;
        case 3:
            ok = model.setTemperature(0.5);
            break;
        case 4:
            model.setMethod(attn::Method::Cosine);
            break;
        case 5:
            ok = model.addKey(vec(0, -1), vec(0, -1));
            break;
        case 6:
            ok = model.removeKey(0);
            break;
        case 7:
            ok = model.setMasked(1, true);
            break;
        case 8:
            model.setNormalised(true);
            break;
        }
        QVERIFY(ok);
        QCOMPARE(spy.count(), 1);
        QVERIFY(model.hasResult());
    }

    void queryEditRecomputes()
    {
        SceneModel model;
        QVERIFY(model.setQuery(vec(0, 1)));
        // Scores are now the keys' y components: 1.0, 0.5, 1.2.
        const auto w = naiveSoftmax({1.0, 0.5, 1.2});
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(model.result().weights[i] - w[i]) < 1e-12);
    }

    void temperatureDividesScores()
    {
        SceneModel model;
        QVERIFY(model.setTemperature(0.5));
        const auto w = naiveSoftmax({1.4 / 0.5, 2.2 / 0.5, 1.92 / 0.5});
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(model.result().weights[i] - w[i]) < 1e-12);
    }

    void badEditsAreRefusedAndChangeNothing_data()
    {
        QTest::addColumn<int>("edit");
        QTest::newRow("NaN query") << 0;
        QTest::newRow("infinite key") << 1;
        QTest::newRow("key index out of range") << 2;
        QTest::newRow("zero temperature") << 3;
        QTest::newRow("negative temperature") << 4;
        QTest::newRow("remove the last key") << 5;
        QTest::newRow("65th key") << 6;
        QTest::newRow("mask every key") << 7;
        QTest::newRow("3-D query") << 8;
        QTest::newRow("general W of wrong size") << 9;
        QTest::newRow("zero heads") << 10;
    }
    void badEditsAreRefusedAndChangeNothing()
    {
        QFETCH(int, edit);
        SceneModel model;
        const double nan = std::nan("");
        if (edit == 5) {
            QVERIFY(model.removeKey(0));
            QVERIFY(model.removeKey(0));
        }
        if (edit == 6) {
            while (model.keyCount() < attn::Scene::kMaxKeys)
                QVERIFY(model.addKey(vec(1, model.keyCount()), vec(0, 1)));
        }
        if (edit == 7) {
            QVERIFY(model.setMasked(0, true));
            QVERIFY(model.setMasked(1, true));
        }
        const attn::Scene before = model.scene();
        QSignalSpy spy(&model, &SceneModel::changed);
        bool ok = true;
        switch (edit) {
        case 0:
            ok = model.setQuery(vec(nan, 1));
            break;
        case 1:
            ok = model.setKey(0, vec(INFINITY, 1));
            break;
        case 2:
            ok = model.setKey(3, vec(1, 1));
            break;
        case 3:
            ok = model.setTemperature(0);
            break;
        case 4:
            ok = model.setTemperature(-1);
            break;
        case 5:
            ok = model.removeKey(0);
            break;
        case 6:
            ok = model.addKey(vec(1, 1), vec(1, 1));
            break;
        case 7:
            ok = model.setMasked(2, true);
            break;
        case 8: {
            attn::Vector q(3);
            q << 1, 2, 3;
            ok = model.setQuery(q);
            break;
        }
        case 9:
            ok = model.setGeneral(attn::Matrix::Identity(3, 3));
            break;
        case 10: {
            attn::MultiHeadParams p;
            p.wo = attn::Matrix::Identity(2, 2);
            ok = model.setMultiHead(p);
            break;
        }
        }
        QVERIFY(!ok);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(model.scene().keys, before.keys);
        QCOMPARE(model.scene().query, before.query);
        QCOMPARE(model.scene().temperature, before.temperature);
        QCOMPARE(model.scene().mask, before.mask);
        QVERIFY(model.hasResult());
    }

    void setSceneRejectsBadScenesAndKeepsTheOld()
    {
        SceneModel model;
        attn::Scene bad = attn::Scene::defaultScene();
        bad.values = attn::Matrix::Zero(2, 2); // 3 keys, 2 values
        QSignalSpy spy(&model, &SceneModel::changed);
        const auto error = model.setScene(bad);
        QVERIFY(error.has_value());
        QCOMPARE(error->code, attn::ErrorCode::CountMismatch);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(model.scene().values.rows(), 3);
    }

    void keyCountSignal()
    {
        SceneModel model;
        QSignalSpy spy(&model, &SceneModel::keyCountChanged);
        QVERIFY(model.addKey(vec(1, 0), vec(1, 0)));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 4);
        QVERIFY(model.setKey(0, vec(2, 0)));
        QCOMPARE(spy.count(), 1);
    }

    void removeKeyKeepsTheOthersInOrder()
    {
        SceneModel model;
        QVERIFY(model.setMasked(2, true));
        QVERIFY(model.removeKey(1));
        QCOMPARE(model.keyCount(), 2);
        QCOMPARE(model.scene().keys(0, 0), 0.5);
        QCOMPARE(model.scene().keys(1, 0), 0.8);
        QCOMPARE(model.scene().values(1, 1), 1.0);
        QCOMPARE(model.scene().mask, (attn::Mask{false, true}));
    }

    void maskedKeyGetsZeroWeight()
    {
        SceneModel model;
        QVERIFY(model.setMasked(1, true));
        QCOMPARE(model.result().weights[1], 0.0);
        const auto w = naiveSoftmax({1.4, 1.92});
        QVERIFY(std::abs(model.result().weights[0] - w[0]) < 1e-12);
        QVERIFY(std::abs(model.result().weights[2] - w[1]) < 1e-12);
        // Unmasking every key drops the mask altogether.
        QVERIFY(model.setMasked(1, false));
        QVERIFY(model.scene().mask.empty());
    }

    void normalisedViewMakesDotEqualCosine()
    {
        SceneModel model;
        model.setNormalised(true);
        const attn::Vector dotScores = model.result().scores;
        // The scene itself is untouched: only the displayed vectors are unit length.
        QCOMPARE(model.scene().query[0], 1.2);
        QVERIFY(std::abs(model.query().norm() - 1) < 1e-15);
        model.setMethod(attn::Method::Cosine);
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(model.result().scores[i] - dotScores[i]) < 1e-12);
        // cos θ₁ by hand: (1.2·0.5 + 0.8·1.0) / (√2.08 · √1.25)
        const double c1 = 1.4 / (std::sqrt(2.08) * std::sqrt(1.25));
        QVERIFY(std::abs(dotScores[0] - c1) < 1e-12);
    }

    void normalisedViewKeepsTheValues()
    {
        // The normalised view compares as the cosine score does and, like it, leaves the values
        // alone: the output is Σ softmax(cos θᵢ) vᵢ with the scene's own values.
        SceneModel model;
        model.setMethod(attn::Method::Dot);
        QVERIFY(model.setValue(1, vec(3, -2)));
        model.setNormalised(true);
        const attn::Scene &s = model.scene();
        QCOMPARE(model.values(), s.values);
        std::vector<double> cosines;
        for (int i = 0; i < 3; ++i) {
            const double kx = s.keys(i, 0), ky = s.keys(i, 1);
            cosines.push_back((s.query[0] * kx + s.query[1] * ky) /
                              (std::hypot(s.query[0], s.query[1]) * std::hypot(kx, ky)));
        }
        const auto w = naiveSoftmax(cosines);
        double ox = 0, oy = 0;
        for (int i = 0; i < 3; ++i) {
            ox += w[i] * s.values(i, 0);
            oy += w[i] * s.values(i, 1);
        }
        QVERIFY(std::abs(model.result().output[0] - ox) < 1e-12);
        QVERIFY(std::abs(model.result().output[1] - oy) < 1e-12);
        // The same numbers as the cosine method on the unnormalised scene.
        const attn::Vector normalisedOutput = model.result().output;
        model.setNormalised(false);
        model.setMethod(attn::Method::Cosine);
        QVERIFY((model.result().output - normalisedOutput).norm() < 1e-12);
    }

    void geometryFollowsTheQuery()
    {
        SceneModel model;
        QVERIFY(model.setQuery(vec(1, 0)));
        QVERIFY(model.setKey(0, vec(0, 2)));
        QVERIFY(std::abs(model.geometry().angles[0] - 90) < 1e-12);
        QVERIFY(std::abs(model.geometry().keyNorms[0] - 2) < 1e-15);
        QVERIFY(model.setQuery(vec(0, 0)));
        QVERIFY(model.geometry().undefined[0]);
    }
};

QTEST_GUILESS_MAIN(TestSceneModel)
#include "tst_scenemodel.moc"
