#include "core/attention.h"
#include "core/normaliser.h"
#include "core/querygradient.h"

#include <QTest>

#include <cmath>
#include <vector>

// ∂ log wⱼ / ∂q checked against central finite differences of log wⱼ, where wⱼ comes from a
// plain loop written here for every score function (long double, no code of the core).
namespace {

using Real = long double;
using Vec = std::vector<Real>;

Vec row(const attn::Matrix &m, Eigen::Index r)
{
    Vec v;
    for (Eigen::Index c = 0; c < m.cols(); ++c)
        v.push_back(m(r, c));
    return v;
}

Vec times(const attn::Matrix &m, const Vec &x) // m · x
{
    Vec y(std::size_t(m.rows()), 0);
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            y[std::size_t(r)] += Real(m(r, c)) * x[std::size_t(c)];
    return y;
}

Real dot(const Vec &a, const Vec &b)
{
    Real s = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        s += a[i] * b[i];
    return s;
}

// log softmax(s/τ)ⱼ with the masked keys left out.
Real logWeight(const Vec &s, Real tau, const attn::Mask &mask, int j)
{
    Real best = -1e300L, sum = 0;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (mask.empty() || !mask[i])
            best = std::max(best, s[i] / tau);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (mask.empty() || !mask[i])
            sum += std::exp(s[i] / tau - best);
    return s[std::size_t(j)] / tau - best - std::log(sum);
}

Vec scores(const Vec &q, const attn::Matrix &keys, attn::Method method,
           const attn::AttentionParams &p, std::size_t head = 0)
{
    Vec s;
    for (Eigen::Index i = 0; i < keys.rows(); ++i) {
        const Vec k = row(keys, i);
        switch (method) {
        case attn::Method::Dot:
            s.push_back(dot(q, k));
            break;
        case attn::Method::Scaled:
            s.push_back(dot(q, k) / std::sqrt(Real(p.scaleDim > 0 ? p.scaleDim : k.size())));
            break;
        case attn::Method::Cosine:
            s.push_back(dot(q, k) / std::sqrt(dot(q, q) * dot(k, k)));
            break;
        case attn::Method::General: // qᵀ W k
            s.push_back(dot(q, times(p.general, k)));
            break;
        case attn::Method::Additive: {
            const Vec a = times(p.additive.wq, q), b = times(p.additive.wk, k);
            Real total = 0;
            for (std::size_t h = 0; h < a.size(); ++h)
                total += p.additive.v[Eigen::Index(h)] *
                         std::tanh(a[h] + b[h] + Real(p.additive.b[Eigen::Index(h)]));
            s.push_back(total);
            break;
        }
        case attn::Method::MultiHead: {
            const attn::Head &hd = p.multiHead.heads[head];
            s.push_back(dot(times(hd.wq, q), times(hd.wk, k)) / std::sqrt(Real(hd.wq.rows())));
            break;
        }
        }
    }
    return s;
}

// log wⱼ as the canvas shows it: for MultiHead the log of the heads' mean weight.
Real naiveLogWeight(const Vec &q, const attn::Matrix &keys, attn::Method method,
                    const attn::AttentionParams &p, int j)
{
    const Real tau = p.temperature;
    if (method != attn::Method::MultiHead)
        return logWeight(scores(q, keys, method, p), tau, p.mask, j);
    Real mean = 0;
    for (std::size_t h = 0; h < p.multiHead.heads.size(); ++h)
        mean += std::exp(logWeight(scores(q, keys, method, p, h), tau, p.mask, j));
    return std::log(mean / Real(p.multiHead.heads.size()));
}

attn::Matrix mat(int rows, int cols, std::initializer_list<double> values)
{
    attn::Matrix m(rows, cols);
    auto it = values.begin();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = *it++;
    return m;
}

attn::AttentionParams params(double tau)
{
    attn::AttentionParams p;
    p.temperature = tau;
    p.general = mat(2, 2, {0.9, -0.4, 0.3, 1.2});
    p.additive.wq = mat(3, 2, {0.7, -0.2, 0.1, 0.9, -0.5, 0.4});
    p.additive.wk = mat(3, 2, {0.3, 0.8, -0.6, 0.2, 0.5, 0.5});
    p.additive.b = attn::Vector::Zero(3);
    p.additive.b << 0.1, -0.2, 0.05;
    p.additive.v = attn::Vector::Zero(3);
    p.additive.v << 1.1, -0.7, 0.6;
    // Two heads of d_k = 1: one reads the first axis, one a turned second axis.
    p.multiHead.heads.push_back({mat(1, 2, {1, 0}), mat(1, 2, {1, 0}), mat(1, 2, {1, 0})});
    p.multiHead.heads.push_back({mat(1, 2, {0.3, 1}), mat(1, 2, {-0.2, 1}), mat(1, 2, {0, 1})});
    p.multiHead.wo = attn::Matrix::Identity(2, 2);
    return p;
}

// The article's worked example.
attn::Vector articleQuery()
{
    attn::Vector q(2);
    q << 1.2, 0.8;
    return q;
}

attn::Matrix articleKeys()
{
    return mat(3, 2, {0.5, 1.0, 1.5, 0.5, 0.8, 1.2});
}

} // namespace

Q_DECLARE_METATYPE(attn::Normaliser)

class TestQueryGradient : public QObject
{
    Q_OBJECT

private slots:
    // Scaled dot, τ = 1, d = 2, the worked example, key 2 (scores 1.4, 2.2, 1.92 over √2):
    // (k₂ − Σ wᵢ kᵢ)/√2 written out with the weights computed here.
    void scaledIsPullTowardKeyAwayFromMean()
    {
        const double r2 = std::sqrt(2.0);
        const double e[] = {std::exp(1.4 / r2), std::exp(2.2 / r2), std::exp(1.92 / r2)};
        const double sum = e[0] + e[1] + e[2];
        const double mean0 = (e[0] * 0.5 + e[1] * 1.5 + e[2] * 0.8) / sum;
        const double mean1 = (e[0] * 1.0 + e[1] * 0.5 + e[2] * 1.2) / sum;
        auto g = attn::queryGradient(articleQuery(), articleKeys(), attn::Method::Scaled,
                                     params(1.0), 2);
        QVERIFY(g.ok());
        QVERIFY(std::abs(g->gradient[0] - (0.8 - mean0) / r2) < 1e-12);
        QVERIFY(std::abs(g->gradient[1] - (1.2 - mean1) / r2) < 1e-12);
    }

    void finiteDifferences_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<double>("tau");
        QTest::addColumn<int>("key");
        const struct
        {
            attn::Method method;
            const char *name;
        } methods[] = {{attn::Method::Dot, "dot"},
                       {attn::Method::Scaled, "scaled"},
                       {attn::Method::Cosine, "cosine"},
                       {attn::Method::General, "general"},
                       {attn::Method::Additive, "additive"},
                       {attn::Method::MultiHead, "multihead"}};
        for (const auto &m : methods)
            for (double tau : {0.25, 1.0, 3.0})
                for (int key = 0; key < 3; ++key)
                    QTest::addRow("%s τ=%g k%d", m.name, tau, key) << int(m.method) << tau << key;
    }

    void finiteDifferences()
    {
        QFETCH(int, method);
        QFETCH(double, tau);
        QFETCH(int, key);
        const attn::Method m = attn::Method(method);
        const attn::AttentionParams p = params(tau);
        const attn::Vector q = articleQuery();
        const attn::Matrix keys = articleKeys();
        auto g = attn::queryGradient(q, keys, m, p, key);
        QVERIFY(g.ok());
        QCOMPARE(g->gradient.size(), 2);
        QCOMPARE(int(g->heads.size()), m == attn::Method::MultiHead ? 2 : 0);
        const Real h = 1e-5L;
        for (int a = 0; a < 2; ++a) {
            Vec up{q[0], q[1]}, down = up;
            up[std::size_t(a)] += h;
            down[std::size_t(a)] -= h;
            const Real fd = (naiveLogWeight(up, keys, m, p, key) -
                             naiveLogWeight(down, keys, m, p, key)) /
                            (2 * h);
            QVERIFY2(std::abs(double(fd) - g->gradient[a]) <= 1e-7 * (1 + std::abs(double(fd))),
                     qPrintable(QStringLiteral("axis %1: finite difference %2, gradient %3")
                                    .arg(a)
                                    .arg(double(fd), 0, 'g', 12)
                                    .arg(g->gradient[a], 0, 'g', 12)));
        }
    }

    // The other normalisers: the gradient against central differences of log wⱼ from attend()
    // (whose normaliser rows tst_normaliser checks against hand-worked values). The article's
    // keys under sparsemax: k₂ and k₃ are in the support, k₁ has weight 0 and no gradient.
    void otherNormalisers_data()
    {
        QTest::addColumn<attn::Normaliser>("normaliser");
        QTest::addColumn<int>("method");
        QTest::addColumn<int>("key");
        for (attn::Normaliser n : {attn::Normaliser::Sparsemax, attn::Normaliser::Softmax1,
                                   attn::Normaliser::Sigmoid})
            for (attn::Method m : {attn::Method::Dot, attn::Method::Additive,
                                   attn::Method::MultiHead})
                for (int key = 0; key < 3; ++key)
                    QTest::addRow("%s %s k%d", attn::normaliserId(n), attn::methodId(m), key)
                        << n << int(m) << key;
    }

    void otherNormalisers()
    {
        QFETCH(attn::Normaliser, normaliser);
        QFETCH(int, method);
        QFETCH(int, key);
        const attn::Method m = attn::Method(method);
        attn::AttentionParams p = params(0.8);
        p.normaliser = normaliser;
        const attn::Vector q = articleQuery();
        const attn::Matrix keys = articleKeys();
        const auto logWeight = [&](const attn::Vector &at) {
            auto r = attn::attend(at, keys, keys, m, p);
            return std::log(r->weights[key]);
        };
        auto g = attn::queryGradient(q, keys, m, p, key);
        auto r = attn::attend(q, keys, keys, m, p);
        QVERIFY(r.ok());
        if (!(r->weights[key] > 0)) {
            QVERIFY(!g.ok());
            QCOMPARE(g.error().subject, std::string("key"));
            return;
        }
        QVERIFY(g.ok());
        const double h = 1e-6;
        for (int a = 0; a < 2; ++a) {
            attn::Vector up = q, down = q;
            up[a] += h;
            down[a] -= h;
            const double fd = (logWeight(up) - logWeight(down)) / (2 * h);
            QVERIFY2(std::abs(fd - g->gradient[a]) <= 1e-6 * (1 + std::abs(fd)),
                     qPrintable(QStringLiteral("axis %1: finite difference %2, gradient %3")
                                    .arg(a)
                                    .arg(fd, 0, 'g', 12)
                                    .arg(g->gradient[a], 0, 'g', 12)));
        }
    }

    void multiHeadPerHead()
    {
        // Each head's own gradient of log wⱼʰ against finite differences of that head alone.
        const attn::AttentionParams p = params(0.7);
        const attn::Matrix keys = articleKeys();
        auto g = attn::queryGradient(articleQuery(), keys, attn::Method::MultiHead, p, 1);
        QVERIFY(g.ok());
        const Real h = 1e-5L;
        for (std::size_t head = 0; head < 2; ++head)
            for (int a = 0; a < 2; ++a) {
                Vec up{1.2L, 0.8L}, down = up;
                up[std::size_t(a)] += h;
                down[std::size_t(a)] -= h;
                const Real fd =
                    (logWeight(scores(up, keys, attn::Method::MultiHead, p, head), 0.7L, {}, 1) -
                     logWeight(scores(down, keys, attn::Method::MultiHead, p, head), 0.7L, {},
                               1)) /
                    (2 * h);
                QVERIFY(std::abs(double(fd) - g->heads[head][a]) < 1e-7);
            }
    }

    void maskedKeysLeftOut()
    {
        attn::AttentionParams p = params(1.0);
        p.mask = {false, true, false};
        const attn::Matrix keys = articleKeys();
        auto g = attn::queryGradient(articleQuery(), keys, attn::Method::Dot, p, 2);
        QVERIFY(g.ok());
        // Only keys 0 and 2 share the weight: ∂ log w₂ = k₂ − (w₀k₀ + w₂k₂) = w₀ (k₂ − k₀).
        const double w0 = 1 / (1 + std::exp(1.92 - 1.4));
        QVERIFY(std::abs(g->gradient[0] - w0 * (0.8 - 0.5)) < 1e-12);
        QVERIFY(std::abs(g->gradient[1] - w0 * (1.2 - 1.0)) < 1e-12);
        // A masked key has weight 0: no gradient of its log.
        QVERIFY(!attn::queryGradient(articleQuery(), keys, attn::Method::Dot, p, 1).ok());
    }

    void undefinedCases()
    {
        const attn::Matrix keys = articleKeys();
        QVERIFY(!attn::queryGradient(articleQuery(), keys, attn::Method::Dot, params(1), 3).ok());
        QVERIFY(!attn::queryGradient(articleQuery(), keys, attn::Method::Dot, params(1), -1).ok());
        QVERIFY(!attn::queryGradient(attn::Vector::Zero(2), keys, attn::Method::Cosine, params(1),
                                     0)
                     .ok());
        QVERIFY(!attn::queryGradient(articleQuery(), keys, attn::Method::Dot, params(0), 0).ok());
    }
};

QTEST_APPLESS_MAIN(TestQueryGradient)
#include "tst_querygradient.moc"
