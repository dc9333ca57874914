// A randomised property test of attend(): 10,002 seeded scenes, 1,667 for each of the six
// methods, with 1 to 64 keys, random masks, temperatures from 0.1 to 10, every method's
// parameters random (additive H from 1 to 16, 1 to 8 heads with d_k and d_v of 1 or 2). Every
// field of the result must agree with the deliberately naive long-double loops of
// naivereference.h to within 1e-12, relative to max(1, |expected|) (the inputs are of order 1,
// so 1 is their natural scale; tiny weights are thus held to 1e-12 absolute).
// A failure prints the seed and the case, so that it can be replayed alone.

#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/attention.h"

#include <QTest>

#include <cmath>
#include <random>
#include <string>

using naive::DRows;
using naive::DVec;

namespace {
constexpr int kCasesPerMethod = 1667;
constexpr long double kTol = 1e-12L;

struct Case
{
    DVec query;
    DRows keys, values;
    attn::AttentionParams params;
    // The same parameters as plain rows, for the naive side.
    DRows general, addWq, addWk;
    DVec addB, addV;
    std::vector<DRows> headWq, headWk, headWv;
    DRows wo;
};

double uniform(std::mt19937_64 &gen, double lo, double hi)
{
    return naive::randomVector(gen, 1, lo, hi).front();
}

std::size_t between(std::mt19937_64 &gen, std::size_t lo, std::size_t hi)
{
    return lo + std::size_t(gen() % (hi - lo + 1));
}

Case randomCase(std::mt19937_64 &gen, attn::Method method)
{
    Case c;
    const std::size_t n = between(gen, 1, 64);
    c.query = naive::randomVector(gen, 2, -3, 3);
    c.keys = naive::randomRows(gen, n, 2, -3, 3);
    c.values = naive::randomRows(gen, n, 2, -3, 3);
    // Log-uniform from 0.1 to 10: sharp and flat softmax alike.
    c.params.temperature = std::exp(uniform(gen, std::log(0.1), std::log(10.0)));
    if (gen() % 3 == 0) {
        c.params.mask.assign(n, false);
        for (std::size_t i = 0; i < n; ++i)
            c.params.mask[i] = gen() % 2 == 0;
        c.params.mask[between(gen, 0, n - 1)] = false; // at least one key stays
    }
    switch (method) {
    case attn::Method::Scaled:
        // Half the cases use the key dimension, half a d from 0.5 to 512.
        if (gen() % 2 == 0)
            c.params.scaleDim = std::exp(uniform(gen, std::log(0.5), std::log(512.0)));
        break;
    case attn::Method::General:
        c.general = naive::randomRows(gen, 2, 2, -2, 2);
        c.params.general = naive::toEigen(c.general);
        break;
    case attn::Method::Additive: {
        const std::size_t h = between(gen, 1, 16);
        c.addWq = naive::randomRows(gen, h, 2, -1.5, 1.5);
        c.addWk = naive::randomRows(gen, h, 2, -1.5, 1.5);
        c.addB = naive::randomVector(gen, h, -1.5, 1.5);
        c.addV = naive::randomVector(gen, h, -1.5, 1.5);
        c.params.additive = {naive::toEigen(c.addWq), naive::toEigen(c.addWk),
                             naive::toEigen(c.addB), naive::toEigen(c.addV)};
        break;
    }
    case attn::Method::MultiHead: {
        const std::size_t heads = between(gen, 1, 8);
        const std::size_t dv = between(gen, 1, 2);
        for (std::size_t j = 0; j < heads; ++j) {
            const std::size_t dk = between(gen, 1, 2);
            c.headWq.push_back(naive::randomRows(gen, dk, 2, -1.5, 1.5));
            c.headWk.push_back(naive::randomRows(gen, dk, 2, -1.5, 1.5));
            c.headWv.push_back(naive::randomRows(gen, dv, 2, -1.5, 1.5));
            c.params.multiHead.heads.push_back({naive::toEigen(c.headWq.back()),
                                                naive::toEigen(c.headWk.back()),
                                                naive::toEigen(c.headWv.back())});
        }
        c.wo = naive::randomRows(gen, 2, heads * dv, -1.5, 1.5);
        c.params.multiHead.wo = naive::toEigen(c.wo);
        break;
    }
    case attn::Method::Dot:
    case attn::Method::Cosine:
        break;
    }
    return c;
}

naive::Vec naiveScores(const Case &c, attn::Method method)
{
    const naive::Vec q = naive::toLong(c.query);
    const naive::Mat k = naive::toLong(c.keys);
    switch (method) {
    case attn::Method::Dot:
        return naive::dotScores(q, k);
    case attn::Method::Scaled:
        return naive::scaledScores(q, k, c.params.scaleDim > 0 ? c.params.scaleDim : 2.0);
    case attn::Method::Cosine:
        return naive::cosineScores(q, k);
    case attn::Method::General:
        return naive::generalScores(q, naive::toLong(c.general), k);
    case attn::Method::Additive:
        return naive::additiveScores(q, k, naive::toLong(c.addWq), naive::toLong(c.addWk),
                                     naive::toLong(c.addB), naive::toLong(c.addV));
    case attn::Method::MultiHead:
        break;
    }
    return {};
}

// Checks one case; returns an empty string or what differs.
std::string check(const Case &c, attn::Method method)
{
    std::string why;
    const auto r = attn::attend(naive::toEigen(c.query), naive::toEigen(c.keys),
                                naive::toEigen(c.values), method, c.params);
    if (!r)
        return "attend failed: " + attn::describe(r.error());
    auto field = [&why](const char *name, const auto &actual, const auto &expected) {
        if (!why.empty())
            return;
        std::string detail;
        if (!naive::check(actual, expected, kTol, detail))
            why = std::string(name) + ": " + detail;
    };

    if (method == attn::Method::MultiHead) {
        std::vector<naive::Mat> wq, wk, wv;
        for (std::size_t j = 0; j < c.headWq.size(); ++j) {
            wq.push_back(naive::toLong(c.headWq[j]));
            wk.push_back(naive::toLong(c.headWk[j]));
            wv.push_back(naive::toLong(c.headWv[j]));
        }
        const auto ref =
            naive::multiHead(naive::toLong(c.query), naive::toLong(c.keys), naive::toLong(c.values),
                             wq, wk, wv, naive::toLong(c.wo), c.params.temperature, c.params.mask);
        if (r->heads.size() != ref.heads.size())
            return "head count";
        for (std::size_t j = 0; j < ref.heads.size(); ++j) {
            const attn::HeadResult &h = r->heads[j];
            const naive::HeadRef &e = ref.heads[j];
            field("head.query", h.query, e.query);
            field("head.keys", h.keys, e.keys);
            field("head.values", h.values, e.values);
            field("head.scores", h.scores, e.scores);
            field("head.logits", h.softmax.logits, e.softmax.logits);
            field("head.maxLogit", h.softmax.maxLogit, e.softmax.maxLogit);
            field("head.shifted", h.softmax.shifted, e.softmax.shifted);
            field("head.exps", h.softmax.exps, e.softmax.exps);
            field("head.sum", h.softmax.sum, e.softmax.sum);
            field("head.weights", h.softmax.weights, e.softmax.weights);
            field("head.output", h.output, e.output);
            if (!why.empty())
                return "head " + std::to_string(j) + " " + why;
        }
        field("concat", r->concat, ref.concat);
        field("output", r->output, ref.output);
        field("mean scores", r->scores, ref.meanScores);
        field("mean weights", r->weights, ref.meanWeights);
        return why;
    }

    const naive::Vec scores = naiveScores(c, method);
    const naive::Softmax sm = naive::softmax(scores, c.params.temperature, c.params.mask);
    field("scores", r->scores, scores);
    field("logits", r->trace.logits, sm.logits);
    field("maxLogit", r->trace.maxLogit, sm.maxLogit);
    field("shifted", r->trace.shifted, sm.shifted);
    field("exps", r->trace.exps, sm.exps);
    field("sum", r->trace.sum, sm.sum);
    field("weights", r->weights, sm.weights);
    field("output", r->output, naive::weightedSum(sm.weights, naive::toLong(c.values)));
    if (method == attn::Method::Scaled && why.empty()) {
        const double d = c.params.scaleDim > 0 ? c.params.scaleDim : 2.0;
        if (r->scaleDim != d)
            why = "scaleDim " + naive::format(r->scaleDim) + ", expected " + naive::format(d);
    }
    return why;
}
} // namespace

class TestProperty : public QObject
{
    Q_OBJECT

private slots:
    void attendAgreesWithNaive_data()
    {
        dataColumns<int, quint64>("method", "seed");
        for (int m = 0; m < attn::kMethodCount; ++m)
            QTest::newRow(attn::methodId(attn::Method(m))) << m << quint64(20240611 + 7919 * m);
    }

    void attendAgreesWithNaive()
    {
        QFETCH(int, method);
        QFETCH(quint64, seed);
        std::mt19937_64 gen(seed);
        for (int i = 0; i < kCasesPerMethod; ++i) {
            const Case c = randomCase(gen, attn::Method(method));
            const std::string why = check(c, attn::Method(method));
            if (!why.empty())
                QFAIL(qPrintable(QStringLiteral("seed %1, case %2 (%3 keys, τ = %4): %5")
                                     .arg(seed)
                                     .arg(i)
                                     .arg(c.keys.size())
                                     .arg(c.params.temperature, 0, 'g', 17)
                                     .arg(QString::fromStdString(why))));
        }
    }

    void casesAddUpToTenThousand() { QVERIFY(kCasesPerMethod * attn::kMethodCount >= 10000); }
};

QTEST_APPLESS_MAIN(TestProperty)
#include "tst_property.moc"
