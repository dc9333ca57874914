#include "common/clifiles.h"
#include "common/datacolumns.h"
#include "core/json.h"
#include "core/random.h"
#include "core/scenefile.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>

using attn::ErrorCode;
using attn::JsonValue;
using attn::Matrix;
using attn::Method;
using attn::Scene;
using attn::Vector;

using Mutation = std::function<void(Scene &)>;

Q_DECLARE_METATYPE(attn::ErrorCode)
Q_DECLARE_METATYPE(Mutation)
Q_DECLARE_METATYPE(attn::Scene)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The smallest file that loads: the article's example (every optional field left out), scaled.
const std::string kMinimal =
    QByteArray(clifiles::kArticleScene).replace("\"dot\"", "\"scaled\"").toStdString();

// Blocks that are valid on their own, for rows that break one field of them.
const char *const kHeadX = R"({"wq": [[1, 0]], "wk": [[1, 0]], "wv": [[1, 0]]})";
const char *const kHeadY = R"({"wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]]})";

std::string view(const QByteArray &bytes)
{
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

JsonValue parsed(std::string_view text)
{
    auto result = attn::parseJson(text);
    if (!result)
        qFatal("test fixture is not JSON: %s", attn::describe(result.error()).c_str());
    return std::move(result).value();
}

// kMinimal with one top-level field replaced or added (given as JSON text), or removed (nullptr).
QByteArray with(const char *field, const char *json)
{
    JsonValue root = parsed(kMinimal);
    if (json) {
        root.set(field, parsed(json));
    } else {
        JsonValue::Object kept;
        for (const auto &m : root.asObject())
            if (m.first != field)
                kept.push_back(m);
        root = JsonValue(std::move(kept));
    }
    return QByteArray::fromStdString(attn::writeJson(root));
}

QByteArray additive(const char *wq, const char *wk, const char *b, const char *v)
{
    const std::string text = std::string(R"({"wq": )") + wq + R"(, "wk": )" + wk + R"(, "b": )" +
                             b + R"(, "v": )" + v + "}";
    return with("additive", text.c_str());
}

QByteArray multihead(const std::string &heads, const char *wo)
{
    const std::string text = R"({"heads": [)" + heads + R"(], "wo": )" + wo + "}";
    return with("multihead", text.c_str());
}

QByteArray withKeys(int n)
{
    JsonValue root = parsed(kMinimal);
    JsonValue keys = JsonValue::array(), values = JsonValue::array();
    for (int i = 0; i < n; ++i) {
        keys.append(JsonValue(JsonValue::Array{std::cos(i * 0.1), std::sin(i * 0.1)}));
        values.append(JsonValue(JsonValue::Array{i, -i}));
    }
    root.set("keys", keys);
    root.set("values", values);
    return QByteArray::fromStdString(attn::writeJson(root));
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return false;
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        for (Eigen::Index c = 0; c < a.cols(); ++c)
            if (!sameBits(a(r, c), b(r, c)))
                return false;
    return true;
}

bool sameVector(const Vector &a, const Vector &b)
{
    return sameMatrix(Matrix(a), Matrix(b));
}

// Empty when the scenes are equal bit for bit, else the first field that differs.
QString sceneDifference(const Scene &a, const Scene &b)
{
    if (a.method != b.method)
        return "method";
    if (!sameBits(a.temperature, b.temperature))
        return "temperature";
    if (a.scaleDim.has_value() != b.scaleDim.has_value() ||
        (a.scaleDim && !sameBits(*a.scaleDim, *b.scaleDim)))
        return "scale_dim";
    if (a.normaliser != b.normaliser)
        return "normaliser";
    if (a.sigmoidBias.has_value() != b.sigmoidBias.has_value() ||
        (a.sigmoidBias && !sameBits(*a.sigmoidBias, *b.sigmoidBias)))
        return "sigmoid_bias";
    if (!sameVector(a.query, b.query))
        return "query";
    if (!sameMatrix(a.keys, b.keys))
        return "keys";
    if (!sameMatrix(a.values, b.values))
        return "values";
    if (a.mask != b.mask)
        return "mask";
    if (!sameMatrix(a.general, b.general))
        return "general";
    if (!sameMatrix(a.additive.wq, b.additive.wq) || !sameMatrix(a.additive.wk, b.additive.wk) ||
        !sameVector(a.additive.b, b.additive.b) || !sameVector(a.additive.v, b.additive.v))
        return "additive";
    if (a.multiHead.heads.size() != b.multiHead.heads.size())
        return "multihead.heads";
    for (std::size_t i = 0; i < a.multiHead.heads.size(); ++i) {
        const auto &x = a.multiHead.heads[i];
        const auto &y = b.multiHead.heads[i];
        if (!sameMatrix(x.wq, y.wq) || !sameMatrix(x.wk, y.wk) || !sameMatrix(x.wv, y.wv))
            return QString("multihead.heads[%1]").arg(i);
    }
    if (!sameMatrix(a.multiHead.wo, b.multiHead.wo))
        return "multihead.wo";
    return {};
}

QByteArray errorText(const attn::Error &e)
{
    return QByteArray::fromStdString(attn::describe(e));
}

Matrix randomMatrix(attn::Random &rng, Eigen::Index rows, Eigen::Index cols, double scale)
{
    Matrix m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c)
            m(r, c) = scale * rng.normal();
    return m;
}

Vector randomVector(attn::Random &rng, Eigen::Index size, double scale)
{
    return randomMatrix(rng, size, 1, scale).col(0);
}

// A scene with every parameter drawn at random; `heads` heads with d_k = dk and d_v = dv.
Scene randomScene(std::uint64_t seed, int keys, int hidden, int heads, int dk, int dv, double scale)
{
    attn::Random rng(seed);
    Scene s;
    s.method = Method(int(seed % attn::kMethodCount));
    s.temperature = 0.05 + std::fabs(rng.normal());
    if (seed % 2)
        s.scaleDim = 1 + std::fabs(rng.normal()) * 100;
    s.query = randomVector(rng, 2, scale);
    s.keys = randomMatrix(rng, keys, 2, scale);
    s.values = randomMatrix(rng, keys, 2, scale);
    if (seed % 3 == 0) {
        s.mask.assign(std::size_t(keys), false);
        s.mask[std::size_t(seed) % std::size_t(keys)] = true;
    }
    s.general = randomMatrix(rng, 2, 2, scale);
    s.additive.wq = randomMatrix(rng, hidden, 2, scale);
    s.additive.wk = randomMatrix(rng, hidden, 2, scale);
    s.additive.b = randomVector(rng, hidden, scale);
    s.additive.v = randomVector(rng, hidden, scale);
    for (int h = 0; h < heads; ++h) {
        s.multiHead.heads.push_back(attn::Head{randomMatrix(rng, dk, 2, scale),
                                               randomMatrix(rng, dk, 2, scale),
                                               randomMatrix(rng, dv, 2, scale)});
    }
    s.multiHead.wo = randomMatrix(rng, 2, heads * dv, scale);
    return s;
}

} // namespace

class TestSceneFile : public QObject
{
    Q_OBJECT

private slots:
    void defaultSceneRoundTrip();
    void writtenLayout();
    void articleExampleLoads();
    void roundTrip_data();
    void roundTrip();
    void specialNumbersRoundTrip();
    void defaultsForMissingBlocks();
    void optionalFields();
    void explicitBlocksLoad();
    void rejectsBadFiles_data();
    void rejectsBadFiles();
    void errorDetails();
    void keyLimit();
    void sizeLimit();
    void validateInMemory_data();
    void validateInMemory();
};

void TestSceneFile::defaultSceneRoundTrip()
{
    const Scene scene = Scene::defaultScene();
    QVERIFY(attn::validateScene(scene).ok());
    const std::string text = attn::writeScene(scene);
    const auto back = attn::parseScene(text);
    QVERIFY2(back.ok(), back.ok() ? "" : errorText(back.error()).constData());
    QCOMPARE(sceneDifference(*back, scene), QString());
    // Writing again gives the same bytes.
    QCOMPARE(attn::writeScene(*back), text);
}

void TestSceneFile::writtenLayout()
{
    const QString text = QString::fromStdString(attn::writeScene(Scene::defaultScene()));
    const QStringList lines = text.split('\n');
    QCOMPARE(lines.at(0), QString("{"));
    QCOMPARE(lines.at(1), QString("  \"format\": \"attention-canvas-scene\","));
    QCOMPARE(lines.at(2), QString("  \"version\": 1,"));
    QCOMPARE(lines.at(3), QString("  \"method\": \"dot\","));
    QCOMPARE(lines.at(4), QString("  \"temperature\": 1,"));
    QCOMPARE(lines.at(5), QString("  \"query\": [1.2, 0.8],"));
    QCOMPARE(lines.at(6), QString("  \"keys\": [[0.5, 1], [1.5, 0.5], [0.8, 1.2]],"));
    QCOMPARE(lines.at(7), QString("  \"values\": [[1, 0], [0, 1], [1, 1]],"));
    QCOMPARE(lines.at(8), QString("  \"general\": {"));
    QCOMPARE(lines.at(9), QString("    \"w\": [[1, 0], [0, 1]]"));
    QVERIFY(!text.contains("\"mask\""));
    QVERIFY(!text.contains("\"scale_dim\""));

    // Top-level fields come in the documented order.
    const JsonValue root = parsed(text.toStdString());
    QStringList names;
    for (const auto &m : root.asObject())
        names << QString::fromStdString(m.first);
    QCOMPARE(names, QStringList({"format", "version", "method", "temperature", "query", "keys",
                                 "values", "general", "additive", "multihead"}));

    Scene masked = Scene::defaultScene();
    masked.scaleDim = 2;
    masked.mask = {false, true, false};
    const JsonValue full = parsed(attn::writeScene(masked));
    names.clear();
    for (const auto &m : full.asObject())
        names << QString::fromStdString(m.first);
    QCOMPARE(names, QStringList({"format", "version", "method", "temperature", "scale_dim", "query",
                                 "keys", "values", "mask", "general", "additive", "multihead"}));
    QVERIFY(QString::fromStdString(attn::writeScene(masked))
                .contains("\"mask\": [false, true, false],"));
}

void TestSceneFile::articleExampleLoads()
{
    // The example of docs/scene-format.md, with its fields written in full.
    const char *text = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "scaled",
  "temperature": 1.0,
  "scale_dim": 2,
  "query": [1.2, 0.8],
  "keys":   [[0.5, 1.0], [1.5, 0.5], [0.8, 1.2]],
  "values": [[1, 0], [0, 1], [1, 1]],
  "mask":   [false, true, false],
  "general":   { "w": [[1, 0], [0, 1]] },
  "additive":  { "wq": [[0.5, -0.5], [1, 0]], "wk": [[0, 1], [0.25, 0.25]],
                 "b": [0, 0.1], "v": [1, -1] },
  "multihead": { "heads": [ { "wq": [[1, 0]], "wk": [[1, 0]], "wv": [[1, 0]] },
                            { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] } ],
                 "wo": [[1, 0], [0, 1]] }
})";
    const auto result = attn::parseScene(text);
    QVERIFY2(result.ok(), result.ok() ? "" : errorText(result.error()).constData());
    const Scene &s = *result;
    QCOMPARE(s.method, Method::Scaled);
    QCOMPARE(s.temperature, 1.0);
    QCOMPARE(s.scaleDim.value_or(-1), 2.0);
    QCOMPARE(s.query, Vector(Eigen::Vector2d(1.2, 0.8)));
    QCOMPARE(s.keyCount(), 3);
    QCOMPARE(s.keys(2, 1), 1.2);
    QCOMPARE(s.values(1, 1), 1.0);
    QCOMPARE(s.mask, attn::Mask({false, true, false}));
    QCOMPARE(s.general, Matrix(Matrix::Identity(2, 2)));
    QCOMPARE(s.additive.hiddenSize(), 2);
    QCOMPARE(s.additive.wq(0, 1), -0.5);
    QCOMPARE(s.additive.wk(1, 0), 0.25);
    QCOMPARE(s.additive.b(1), 0.1);
    QCOMPARE(s.additive.v(1), -1.0);
    QCOMPARE(s.multiHead.heads.size(), std::size_t(2));
    QCOMPARE(s.multiHead.heads[1].wv(0, 1), 1.0);
    QCOMPARE(s.multiHead.wo, Matrix(Matrix::Identity(2, 2)));
    QVERIFY(attn::validateScene(s).ok());
}

void TestSceneFile::roundTrip_data()
{
    QTest::addColumn<Scene>("scene");
    QTest::newRow("default") << Scene::defaultScene();
    for (int m = 0; m < attn::kMethodCount; ++m) {
        Scene s = Scene::defaultScene();
        s.method = Method(m);
        QTest::addRow("method %s", attn::methodId(s.method)) << s;
    }
    QTest::newRow("1 key, H 1, 1 head") << randomScene(1, 1, 1, 1, 1, 1, 1.0);
    QTest::newRow("64 keys, H 16, 8 heads") << randomScene(2, 64, 16, 8, 2, 2, 1.0);
    QTest::newRow("d_k 2, d_v 1") << randomScene(3, 5, 4, 3, 2, 1, 1.0);
    QTest::newRow("d_k 1, d_v 2") << randomScene(4, 7, 3, 4, 1, 2, 1.0);
    QTest::newRow("tiny numbers") << randomScene(5, 6, 5, 2, 1, 1, 1e-310);
    QTest::newRow("huge numbers") << randomScene(6, 6, 5, 2, 2, 2, 1e300);
    QTest::newRow("awkward decimals") << randomScene(7, 9, 7, 5, 1, 1, 1.0 / 3.0);
    Scene zeros = Scene::defaultScene();
    zeros.query << -0.0, 0.0;
    zeros.keys(0, 0) = -0.0;
    zeros.scaleDim = std::numeric_limits<double>::denorm_min();
    zeros.temperature = std::numeric_limits<double>::max();
    QTest::newRow("signed zeros and extremes") << zeros;
    Scene masked = Scene::defaultScene();
    masked.mask = {true, true, false};
    QTest::newRow("two of three masked") << masked;
    for (const attn::NormaliserInfo &info : attn::kNormalisers) {
        Scene s = Scene::defaultScene();
        s.normaliser = info.normaliser;
        QTest::addRow("normaliser %s", info.id) << s;
    }
    Scene biased = Scene::defaultScene();
    biased.normaliser = attn::Normaliser::Sigmoid;
    biased.sigmoidBias = -0.1;
    QTest::newRow("sigmoid with a bias") << biased;
    Scene kept = Scene::defaultScene();
    kept.sigmoidBias = -1e-300; // kept for a switch back to sigmoid
    QTest::newRow("softmax keeps a bias") << kept;
}

void TestSceneFile::roundTrip()
{
    QFETCH(Scene, scene);
    const auto valid = attn::validateScene(scene);
    QVERIFY2(valid.ok(), valid.ok() ? "" : errorText(valid.error()).constData());
    const std::string text = attn::writeScene(scene);
    const auto back = attn::parseScene(text);
    QVERIFY2(back.ok(), back.ok() ? "" : errorText(back.error()).constData());
    QCOMPARE(sceneDifference(*back, scene), QString());
    QCOMPARE(attn::writeScene(*back), text);
}

void TestSceneFile::specialNumbersRoundTrip()
{
    // Every double pattern class a user might type or a drag might produce, in one query each.
    const double samples[] = {0.1,
                              0.1 + 0.2,
                              1e-300,
                              -1.7976931348623157e308,
                              123456789012345678.0,
                              std::numeric_limits<double>::denorm_min(),
                              std::numeric_limits<double>::min(),
                              std::nextafter(1.0, 2.0),
                              -0.0};
    for (double x : samples) {
        Scene s = Scene::defaultScene();
        s.query << x, -x;
        const auto back = attn::parseScene(attn::writeScene(s));
        QVERIFY(back.ok());
        QVERIFY2(sameBits(back->query(0), x) && sameBits(back->query(1), -x),
                 qPrintable(QString::number(x, 'g', 17)));
    }
}

void TestSceneFile::defaultsForMissingBlocks()
{
    const auto result = attn::parseScene(kMinimal);
    QVERIFY2(result.ok(), result.ok() ? "" : errorText(result.error()).constData());
    const Scene &s = *result;
    QCOMPARE(s.method, Method::Scaled);
    QCOMPARE(s.temperature, 1.0);
    QVERIFY(!s.scaleDim);
    QVERIFY(s.mask.empty());
    QVERIFY(sameMatrix(s.general, attn::defaults::generalW()));
    const auto add = attn::defaults::additive();
    QVERIFY(sameMatrix(s.additive.wq, add.wq));
    QVERIFY(sameMatrix(s.additive.wk, add.wk));
    QVERIFY(sameVector(s.additive.b, add.b));
    QVERIFY(sameVector(s.additive.v, add.v));
    const auto mh = attn::defaults::multiHead();
    QCOMPARE(s.multiHead.heads.size(), mh.heads.size());
    for (std::size_t i = 0; i < mh.heads.size(); ++i) {
        QVERIFY(sameMatrix(s.multiHead.heads[i].wq, mh.heads[i].wq));
        QVERIFY(sameMatrix(s.multiHead.heads[i].wk, mh.heads[i].wk));
        QVERIFY(sameMatrix(s.multiHead.heads[i].wv, mh.heads[i].wv));
    }
    QVERIFY(sameMatrix(s.multiHead.wo, mh.wo));

    // The article's scene apart from its method: loading the minimal file and the default
    // scene's file give the same vectors.
    Scene expected = Scene::defaultScene();
    expected.method = Method::Scaled;
    QCOMPARE(sceneDifference(s, expected), QString());
}

void TestSceneFile::optionalFields()
{
    // A mask with nothing masked is the same as no mask.
    auto r = attn::parseScene(view(with("mask", "[false, false, false]")));
    QVERIFY(r.ok());
    QVERIFY(r->mask.empty());

    r = attn::parseScene(view(with("mask", "[true, false, true]")));
    QVERIFY(r.ok());
    QCOMPARE(r->mask, attn::Mask({true, false, true}));

    r = attn::parseScene(view(with("scale_dim", "64")));
    QVERIFY(r.ok());
    QCOMPARE(r->scaleDim.value_or(-1), 64.0);

    r = attn::parseScene(view(with("scale_dim", "0.5")));
    QVERIFY(r.ok());
    QCOMPARE(r->scaleDim.value_or(-1), 0.5);

    r = attn::parseScene(view(with("temperature", "0.25")));
    QVERIFY(r.ok());
    QCOMPARE(r->temperature, 0.25);

    // A version written as 1.0 is the integer 1 (JSON has one number type).
    r = attn::parseScene(view(with("version", "1.0")));
    QVERIFY(r.ok());

    for (int m = 0; m < attn::kMethodCount; ++m) {
        const std::string name = std::string("\"") + attn::methodId(Method(m)) + "\"";
        r = attn::parseScene(view(with("method", name.c_str())));
        QVERIFY(r.ok());
        QCOMPARE(r->method, Method(m));
    }

    // Without "normaliser" a scene is softmax's, as before the field existed, and its bias is
    // the default; each identifier reads as its normaliser.
    r = attn::parseScene(kMinimal);
    QVERIFY(r.ok());
    QVERIFY(r->normaliser == attn::Normaliser::Softmax);
    QVERIFY(!r->sigmoidBias);
    const char *names[] = {"\"softmax\"", "\"sparsemax\"", "\"softmax1\"", "\"sigmoid\""};
    const attn::Normaliser normalisers[] = {attn::Normaliser::Softmax, attn::Normaliser::Sparsemax,
                                            attn::Normaliser::Softmax1, attn::Normaliser::Sigmoid};
    for (int i = 0; i < 4; ++i) {
        r = attn::parseScene(view(with("normaliser", names[i])));
        QVERIFY(r.ok());
        QVERIFY(r->normaliser == normalisers[i]);
    }
    r = attn::parseScene(view(with("sigmoid_bias", "-2.5")));
    QVERIFY(r.ok());
    QCOMPARE(r->sigmoidBias.value_or(0), -2.5);
    // Softmax is written as before: no "normaliser" field.
    QVERIFY(attn::writeScene(Scene::defaultScene()).find("normaliser") == std::string::npos);

    // A byte-order mark and the members in any order are fine.
    const QByteArray bom = "\xEF\xBB\xBF"
                           R"({"values": [[1, 0]], "keys": [[1, 1]], "query": [0, 1],
                               "method": "dot", "version": 1,
                               "format": "attention-canvas-scene"})";
    r = attn::parseScene(view(bom));
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());
    QCOMPARE(r->keyCount(), 1);
}

void TestSceneFile::explicitBlocksLoad()
{
    auto r = attn::parseScene(view(additive("[[1, 2]]", "[[3, 4]]", "[5]", "[6]")));
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());
    QCOMPARE(r->additive.hiddenSize(), 1);
    QCOMPARE(r->additive.wk(0, 1), 4.0);

    JsonValue wq = JsonValue::array();
    for (int i = 0; i < attn::kMaxAdditiveHidden; ++i)
        wq.append(JsonValue(JsonValue::Array{i, 1}));
    JsonValue vec = JsonValue::array();
    for (int i = 0; i < attn::kMaxAdditiveHidden; ++i)
        vec.append(i);
    const std::string w = attn::writeJson(wq), v = attn::writeJson(vec);
    r = attn::parseScene(view(additive(w.c_str(), w.c_str(), v.c_str(), v.c_str())));
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());
    QCOMPARE(r->additive.hiddenSize(), attn::kMaxAdditiveHidden);

    // Eight heads of d_k = 2, d_v = 2 and a 2 × 16 W_O.
    std::string heads;
    for (int i = 0; i < attn::kMaxHeads; ++i)
        heads += std::string(i ? "," : "") +
                 R"({"wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0], [0, 1]]})";
    std::string wo = "[[";
    for (int i = 0; i < 16; ++i)
        wo += std::string(i ? ", " : "") + (i % 2 == 0 ? "0.125" : "0");
    wo += "], [";
    for (int i = 0; i < 16; ++i)
        wo += std::string(i ? ", " : "") + (i % 2 == 1 ? "0.125" : "0");
    wo += "]]";
    r = attn::parseScene(view(multihead(heads, wo.c_str())));
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());
    QCOMPARE(r->multiHead.heads.size(), std::size_t(attn::kMaxHeads));
    QCOMPARE(r->multiHead.wo.cols(), Eigen::Index(16));

    // Heads may differ in d_k as long as d_v agrees.
    r = attn::parseScene(
        view(multihead(std::string(kHeadX) +
                           R"(, {"wq": [[1, 0], [0, 1]], "wk": [[0, 1], [1, 0]], "wv": [[0, 1]]})",
                       "[[1, 0], [0, 1]]")));
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());
    QCOMPARE(r->multiHead.heads[1].wq.rows(), Eigen::Index(2));
}

void TestSceneFile::rejectsBadFiles_data()
{
    dataColumns<QByteArray, ErrorCode, QString>("text", "code", "subject");

    const std::string x = kHeadX, y = kHeadY;
    const char *id2 = "[[1, 0], [0, 1]]";

    // Not a scene at all.
    QTest::newRow("empty file") << QByteArray() << ErrorCode::Malformed << "";
    QTest::newRow("not json") << QByteArray("scene") << ErrorCode::Malformed << "";
    QTest::newRow("trailing comma")
        << QByteArray(R"({"format": "attention-canvas-scene",})") << ErrorCode::Malformed << "";
    QTest::newRow("comment") << QByteArray("// scene\n{}") << ErrorCode::Malformed << "";
    QTest::newRow("NaN literal") << with("query", "[1, 2]").replace("[1, 2]", "[NaN, 2]")
                                 << ErrorCode::Malformed << "";
    QTest::newRow("number overflow")
        << with("query", "[1, 2]").replace("[1, 2]", "[1e309, 2]") << ErrorCode::Malformed << "";
    QTest::newRow("invalid utf-8")
        << with("method", "\"dot\"").replace("dot", "d\xFFt") << ErrorCode::InvalidUtf8 << "";
    // 64 levels in the query plus the top-level object: one too many.
    const std::string deep = std::string(64, '[') + "1" + std::string(64, ']');
    QTest::newRow("too deep") << with("query", deep.c_str()) << ErrorCode::TooDeep << "";
    QTest::newRow("duplicate keys")
        << with("keys", "[[1, 2]]").replace("\"keys\"", "\"keys\": [[1, 2]], \"keys\"")
        << ErrorCode::DuplicateField << "keys";
    QTest::newRow("duplicate in block")
        << with("general", R"({"w": [[1, 0], [0, 1]]})").replace("\"w\"", "\"w\": 1, \"w\"")
        << ErrorCode::DuplicateField << "general.w";
    QTest::newRow("top level array") << QByteArray("[1, 2]") << ErrorCode::WrongType << "";
    QTest::newRow("top level string") << QByteArray("\"scene\"") << ErrorCode::WrongType << "";
    QTest::newRow("top level null") << QByteArray("null") << ErrorCode::WrongType << "";

    // Format and version.
    QTest::newRow("empty object") << QByteArray("{}") << ErrorCode::MissingField << "format";
    QTest::newRow("no format") << with("format", nullptr) << ErrorCode::MissingField << "format";
    QTest::newRow("format not string") << with("format", "1") << ErrorCode::WrongType << "format";
    QTest::newRow("other format") << with("format", "\"attention-canvas\"")
                                  << ErrorCode::WrongFormat << "format";
    QTest::newRow("format case") << with("format", "\"Attention-Canvas-Scene\"")
                                 << ErrorCode::WrongFormat << "format";
    QTest::newRow("no version") << with("version", nullptr) << ErrorCode::UnsupportedVersion
                                << "version";
    QTest::newRow("version string")
        << with("version", "\"1\"") << ErrorCode::UnsupportedVersion << "version";
    QTest::newRow("version fraction")
        << with("version", "1.5") << ErrorCode::UnsupportedVersion << "version";
    QTest::newRow("version 2") << with("version", "2") << ErrorCode::UnsupportedVersion
                               << "version";
    QTest::newRow("version 0") << with("version", "0") << ErrorCode::UnsupportedVersion
                               << "version";
    QTest::newRow("version huge") << with("version", "1e300") << ErrorCode::UnsupportedVersion
                                  << "version";
    QTest::newRow("version 2 with new field")
        << with("version", "2").replace("\"method\"", "\"future\": true, \"method\"")
        << ErrorCode::UnsupportedVersion << "version";

    // Unknown fields.
    QTest::newRow("typo temperature")
        << with("temprature", "2") << ErrorCode::UnknownField << "temprature";
    QTest::newRow("capitalised field")
        << with("Query", "[1, 2]") << ErrorCode::UnknownField << "Query";
    QTest::newRow("unknown in general") << with("general", R"({"w": [[1, 0], [0, 1]], "b": 1})")
                                        << ErrorCode::UnknownField << "general.b";
    QTest::newRow("unknown in additive")
        << with("additive", R"({"wq": [[1, 0]], "wk": [[1, 0]], "b": [0], "v": [1], "W": 1})")
        << ErrorCode::UnknownField << "additive.W";
    QTest::newRow("unknown in multihead")
        << with("multihead", (R"({"heads": [)" + x + R"(], "wo": [[1], [0]], "bias": 0})").c_str())
        << ErrorCode::UnknownField << "multihead.bias";
    QTest::newRow("unknown in head")
        << multihead(R"({"wq": [[1, 0]], "wk": [[1, 0]], "wv": [[1, 0]], "wo": 1})", "[[1], [0]]")
        << ErrorCode::UnknownField << "multihead.heads[0].wo";

    // Method.
    QTest::newRow("no method") << with("method", nullptr) << ErrorCode::MissingField << "method";
    QTest::newRow("method number") << with("method", "3") << ErrorCode::WrongType << "method";
    QTest::newRow("method unknown")
        << with("method", "\"softmax\"") << ErrorCode::UnknownMethod << "method";
    QTest::newRow("method capitalised")
        << with("method", "\"Dot\"") << ErrorCode::UnknownMethod << "method";
    QTest::newRow("method with nul")
        << with("method", R"("dot\u0000")") << ErrorCode::UnknownMethod << "method";
    QTest::newRow("method empty") << with("method", "\"\"") << ErrorCode::UnknownMethod << "method";

    // Normaliser: a name that is not one of the four, or not a string; a bias that is no number.
    const std::pair<const char *, ErrorCode> badNormalisers[] = {
        {"\"entmax\"", ErrorCode::UnknownNormaliser},
        {"\"Softmax\"", ErrorCode::UnknownNormaliser},
        {R"("softmax\u0000")", ErrorCode::UnknownNormaliser},
        {"1", ErrorCode::WrongType},
        {"null", ErrorCode::WrongType}};
    for (const auto &[json, code] : badNormalisers)
        QTest::addRow("normaliser %s", json) << with("normaliser", json) << code << "normaliser";
    for (const char *json : {"\"-1\"", "null"})
        QTest::addRow("sigmoid_bias %s", json)
            << with("sigmoid_bias", json) << ErrorCode::WrongType << "sigmoid_bias";

    // Temperature and scale.
    QTest::newRow("temperature string")
        << with("temperature", "\"1\"") << ErrorCode::WrongType << "temperature";
    QTest::newRow("temperature null")
        << with("temperature", "null") << ErrorCode::WrongType << "temperature";
    QTest::newRow("temperature 0")
        << with("temperature", "0") << ErrorCode::BadTemperature << "temperature";
    QTest::newRow("temperature -0")
        << with("temperature", "-0") << ErrorCode::BadTemperature << "temperature";
    QTest::newRow("temperature negative")
        << with("temperature", "-1") << ErrorCode::BadTemperature << "temperature";
    QTest::newRow("temperature underflow")
        << with("temperature", "1e-400") << ErrorCode::BadTemperature << "temperature";
    QTest::newRow("scale_dim 0") << with("scale_dim", "0") << ErrorCode::BadScaleDim << "scale_dim";
    QTest::newRow("scale_dim negative")
        << with("scale_dim", "-2") << ErrorCode::BadScaleDim << "scale_dim";
    QTest::newRow("scale_dim string")
        << with("scale_dim", "\"2\"") << ErrorCode::WrongType << "scale_dim";
    QTest::newRow("scale_dim array")
        << with("scale_dim", "[2]") << ErrorCode::WrongType << "scale_dim";

    // Query.
    QTest::newRow("no query") << with("query", nullptr) << ErrorCode::MissingField << "query";
    QTest::newRow("query object") << with("query", "{}") << ErrorCode::WrongType << "query";
    QTest::newRow("query number") << with("query", "1.2") << ErrorCode::WrongType << "query";
    QTest::newRow("query 1-D") << with("query", "[1]") << ErrorCode::DimensionMismatch << "query";
    QTest::newRow("query 3-D") << with("query", "[1, 2, 3]") << ErrorCode::DimensionMismatch
                               << "query";
    QTest::newRow("query empty") << with("query", "[]") << ErrorCode::DimensionMismatch << "query";
    QTest::newRow("query string entry")
        << with("query", "[1, \"2\"]") << ErrorCode::WrongType << "query[1]";
    QTest::newRow("query null entry")
        << with("query", "[null, 2]") << ErrorCode::WrongType << "query[0]";
    QTest::newRow("query nested") << with("query", "[[1, 2]]") << ErrorCode::WrongType
                                  << "query[0]";

    // Keys.
    QTest::newRow("no keys") << with("keys", nullptr) << ErrorCode::MissingField << "keys";
    QTest::newRow("keys empty") << with("keys", "[]") << ErrorCode::NoKeys << "keys";
    QTest::newRow("keys string") << with("keys", "\"abc\"") << ErrorCode::WrongType << "keys";
    QTest::newRow("keys flat") << with("keys", "[1, 2]") << ErrorCode::WrongType << "keys[0]";
    QTest::newRow("key too short")
        << with("keys", "[[1, 2], [3], [4, 5]]") << ErrorCode::DimensionMismatch << "keys[1]";
    QTest::newRow("key too long") << with("keys", "[[1, 2], [3, 4], [4, 5, 6]]")
                                  << ErrorCode::DimensionMismatch << "keys[2]";
    QTest::newRow("first key too long")
        << with("keys", "[[1, 2, 3], [3, 4], [4, 5]]") << ErrorCode::DimensionMismatch << "keys[0]";
    QTest::newRow("key entry bool")
        << with("keys", "[[1, 2], [3, true], [4, 5]]") << ErrorCode::WrongType << "keys[1][1]";
    QTest::newRow("key entry object")
        << with("keys", "[[1, 2], [3, 4], {\"x\": 1}]") << ErrorCode::WrongType << "keys[2]";
    QTest::newRow("65 keys") << withKeys(65) << ErrorCode::TooManyKeys << "keys";

    // Values.
    QTest::newRow("no values") << with("values", nullptr) << ErrorCode::MissingField << "values";
    QTest::newRow("values too few")
        << with("values", "[[1, 0], [0, 1]]") << ErrorCode::CountMismatch << "values";
    QTest::newRow("values too many") << with("values", "[[1, 0], [0, 1], [1, 1], [2, 2]]")
                                     << ErrorCode::CountMismatch << "values";
    QTest::newRow("values empty") << with("values", "[]") << ErrorCode::CountMismatch << "values";
    QTest::newRow("value too short")
        << with("values", "[[1, 0], [0, 1], [1]]") << ErrorCode::DimensionMismatch << "values[2]";
    QTest::newRow("value entry string")
        << with("values", "[[1, 0], [0, 1], [1, \"x\"]]") << ErrorCode::WrongType << "values[2][1]";
    QTest::newRow("values object") << with("values", "{}") << ErrorCode::WrongType << "values";

    // Mask.
    QTest::newRow("mask too short")
        << with("mask", "[false, false]") << ErrorCode::CountMismatch << "mask";
    QTest::newRow("mask too long")
        << with("mask", "[false, false, false, false]") << ErrorCode::CountMismatch << "mask";
    QTest::newRow("mask empty") << with("mask", "[]") << ErrorCode::CountMismatch << "mask";
    QTest::newRow("all masked") << with("mask", "[true, true, true]") << ErrorCode::AllMasked
                                << "mask";
    QTest::newRow("mask numbers") << with("mask", "[0, 1, 0]") << ErrorCode::WrongType << "mask[0]";
    QTest::newRow("mask string entry")
        << with("mask", "[false, \"true\", false]") << ErrorCode::WrongType << "mask[1]";
    QTest::newRow("mask string") << with("mask", "\"none\"") << ErrorCode::WrongType << "mask";
    QTest::newRow("mask null") << with("mask", "null") << ErrorCode::WrongType << "mask";

    // General.
    QTest::newRow("general array") << with("general", "[]") << ErrorCode::WrongType << "general";
    QTest::newRow("general without w")
        << with("general", "{}") << ErrorCode::MissingField << "general.w";
    QTest::newRow("general w 1 row")
        << with("general", R"({"w": [[1, 0]]})") << ErrorCode::DimensionMismatch << "general.w";
    QTest::newRow("general w 3 rows") << with("general", R"({"w": [[1, 0], [0, 1], [0, 0]]})")
                                      << ErrorCode::DimensionMismatch << "general.w";
    QTest::newRow("general w wide row") << with("general", R"({"w": [[1, 0], [0, 1, 2]]})")
                                        << ErrorCode::DimensionMismatch << "general.w[1]";
    QTest::newRow("general w string") << with("general", R"({"w": [[1, 0], [0, "1"]]})")
                                      << ErrorCode::WrongType << "general.w[1][1]";
    QTest::newRow("general w vector")
        << with("general", R"({"w": [1, 0]})") << ErrorCode::WrongType << "general.w[0]";

    // Additive.
    QTest::newRow("additive number") << with("additive", "5") << ErrorCode::WrongType << "additive";
    QTest::newRow("additive empty")
        << with("additive", "{}") << ErrorCode::MissingField << "additive.wq";
    QTest::newRow("additive without v")
        << with("additive", R"({"wq": [[1, 0]], "wk": [[1, 0]], "b": [0]})")
        << ErrorCode::MissingField << "additive.v";
    QTest::newRow("additive without wk")
        << with("additive", R"({"wq": [[1, 0]], "b": [0], "v": [1]})") << ErrorCode::MissingField
        << "additive.wk";
    QTest::newRow("additive H 0") << additive("[]", "[]", "[]", "[]") << ErrorCode::BadArgument
                                  << "additive.wq";
    {
        std::string wq = "[", v = "[";
        for (int i = 0; i < 17; ++i) {
            wq += std::string(i ? ", " : "") + "[1, 0]";
            v += std::string(i ? ", " : "") + "1";
        }
        wq += "]";
        v += "]";
        QTest::newRow("additive H 17") << additive(wq.c_str(), wq.c_str(), v.c_str(), v.c_str())
                                       << ErrorCode::BadArgument << "additive.wq";
    }
    QTest::newRow("additive wk rows")
        << additive("[[1, 0], [0, 1]]", "[[1, 0]]", "[0, 0]", "[1, 1]")
        << ErrorCode::DimensionMismatch << "additive.wk";
    QTest::newRow("additive b length") << additive("[[1, 0], [0, 1]]", id2, "[0]", "[1, 1]")
                                       << ErrorCode::DimensionMismatch << "additive.b";
    QTest::newRow("additive v length") << additive(id2, id2, "[0, 0]", "[1, 1, 1]")
                                       << ErrorCode::DimensionMismatch << "additive.v";
    QTest::newRow("additive wq wide") << additive("[[1, 0, 0]]", "[[1, 0]]", "[0]", "[1]")
                                      << ErrorCode::DimensionMismatch << "additive.wq[0]";
    QTest::newRow("additive wk narrow") << additive("[[1, 0]]", "[[1]]", "[0]", "[1]")
                                        << ErrorCode::DimensionMismatch << "additive.wk[0]";
    QTest::newRow("additive b string")
        << additive(id2, id2, "[0, \"x\"]", "[1, 1]") << ErrorCode::WrongType << "additive.b[1]";
    QTest::newRow("additive v object")
        << additive(id2, id2, "[0, 0]", "{}") << ErrorCode::WrongType << "additive.v";

    // Multi-head.
    QTest::newRow("multihead array")
        << with("multihead", "[]") << ErrorCode::WrongType << "multihead";
    QTest::newRow("multihead empty")
        << with("multihead", "{}") << ErrorCode::MissingField << "multihead.heads";
    QTest::newRow("multihead without wo")
        << with("multihead", (R"({"heads": [)" + x + "]}").c_str()) << ErrorCode::MissingField
        << "multihead.wo";
    QTest::newRow("heads not array") << with("multihead", R"({"heads": {}, "wo": [[1]]})")
                                     << ErrorCode::WrongType << "multihead.heads";
    QTest::newRow("no heads") << multihead("", "[[1, 0], [0, 1]]") << ErrorCode::NoHeads
                              << "multihead.heads";
    {
        std::string nine, wo0 = "[", wo1 = "[";
        for (int i = 0; i < 9; ++i) {
            nine += (i ? "," : "") + x;
            wo0 += std::string(i ? ", " : "") + "1";
            wo1 += std::string(i ? ", " : "") + "0";
        }
        const std::string wo = "[" + wo0 + "], " + wo1 + "]]";
        QTest::newRow("9 heads") << multihead(nine, wo.c_str()) << ErrorCode::BadArgument
                                 << "multihead.heads";
    }
    QTest::newRow("head not object")
        << multihead("[1, 0]", "[[1], [0]]") << ErrorCode::WrongType << "multihead.heads[0]";
    QTest::newRow("head without wv") << multihead(x + R"(, {"wq": [[0, 1]], "wk": [[0, 1]]})", id2)
                                     << ErrorCode::MissingField << "multihead.heads[1].wv";
    QTest::newRow("head without wq") << multihead(R"({"wk": [[0, 1]], "wv": [[0, 1]]})", id2)
                                     << ErrorCode::MissingField << "multihead.heads[0].wq";
    QTest::newRow("head wq 3 rows")
        << multihead(R"({"wq": [[1, 0], [0, 1], [1, 1]], "wk": [[1, 0], [0, 1], [1, 1]],
                         "wv": [[1, 0]]})",
                     "[[1], [0]]")
        << ErrorCode::DimensionMismatch << "multihead.heads[0].wq";
    QTest::newRow("head wq no rows")
        << multihead(R"({"wq": [], "wk": [], "wv": [[1, 0]]})", "[[1], [0]]")
        << ErrorCode::DimensionMismatch << "multihead.heads[0].wq";
    QTest::newRow("head wk rows differ")
        << multihead(R"({"wq": [[1, 0]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0]]})", "[[1], [0]]")
        << ErrorCode::DimensionMismatch << "multihead.heads[0].wk";
    QTest::newRow("head wq wide row")
        << multihead(R"({"wq": [[1, 0, 0]], "wk": [[1, 0]], "wv": [[1, 0]]})", "[[1], [0]]")
        << ErrorCode::DimensionMismatch << "multihead.heads[0].wq[0]";
    QTest::newRow("head wv 3 rows")
        << multihead(R"({"wq": [[1, 0]], "wk": [[1, 0]], "wv": [[1, 0], [0, 1], [1, 1]]})",
                     "[[1, 0, 0], [0, 1, 0]]")
        << ErrorCode::DimensionMismatch << "multihead.heads[0].wv";
    QTest::newRow("head wv string")
        << multihead(R"({"wq": [[1, 0]], "wk": [[1, 0]], "wv": [["1", 0]]})", "[[1], [0]]")
        << ErrorCode::WrongType << "multihead.heads[0].wv[0][0]";
    QTest::newRow("heads d_v differ")
        << multihead(x + R"(, {"wq": [[0, 1]], "wk": [[0, 1]], "wv": [[1, 0], [0, 1]]})",
                     "[[1, 0, 0], [0, 1, 0]]")
        << ErrorCode::HeadsDoNotFit << "multihead.heads[1].wv";
    QTest::newRow("wo 3 rows") << multihead(x + "," + y, "[[1, 0], [0, 1], [1, 1]]")
                               << ErrorCode::DimensionMismatch << "multihead.wo";
    QTest::newRow("wo 1 row") << multihead(x + "," + y, "[[1, 0]]") << ErrorCode::DimensionMismatch
                              << "multihead.wo";
    QTest::newRow("wo too wide") << multihead(x + "," + y, "[[1, 0, 0], [0, 1, 0]]")
                                 << ErrorCode::DimensionMismatch << "multihead.wo";
    QTest::newRow("wo too narrow")
        << multihead(x + "," + y, "[[1], [0]]") << ErrorCode::DimensionMismatch << "multihead.wo";
    QTest::newRow("wo ragged") << multihead(x + "," + y, "[[1, 0], [0, 1, 1]]")
                               << ErrorCode::DimensionMismatch << "multihead.wo[1]";
    QTest::newRow("wo empty") << multihead(x + "," + y, "[]") << ErrorCode::DimensionMismatch
                              << "multihead.wo";
    QTest::newRow("wo number") << multihead(x + "," + y, "1") << ErrorCode::WrongType
                               << "multihead.wo";
}

void TestSceneFile::rejectsBadFiles()
{
    QFETCH(QByteArray, text);
    QFETCH(ErrorCode, code);
    QFETCH(QString, subject);
    const auto result = attn::parseScene(view(text));
    QVERIFY2(!result.ok(), text.constData());
    QVERIFY2(result.error().code == code, errorText(result.error()).constData());
    QCOMPARE(QString::fromStdString(result.error().subject), subject);
}

void TestSceneFile::errorDetails()
{
    auto r = attn::parseScene(view(with("version", "2")));
    QCOMPARE(r.error().expected, qlonglong(1));
    QCOMPARE(r.error().actual, qlonglong(2));
    r = attn::parseScene(view(with("version", nullptr)));
    QCOMPARE(r.error().detail, std::string("missing"));
    r = attn::parseScene(view(with("version", "1.5")));
    QCOMPARE(r.error().detail, std::string("not-integer"));
    QCOMPARE(r.error().actual, qlonglong(-1));

    r = attn::parseScene(view(with("method", "\"softmax\"")));
    QCOMPARE(r.error().detail, std::string("softmax"));
    r = attn::parseScene(view(with("temprature", "2")));
    QCOMPARE(r.error().detail, std::string("temprature"));
    r = attn::parseScene("[]");
    QCOMPARE(r.error().detail, std::string("object"));
    r = attn::parseScene(view(with("query", "{}")));
    QCOMPARE(r.error().detail, std::string("array"));
    r = attn::parseScene(view(with("query", "[1, true]")));
    QCOMPARE(r.error().detail, std::string("number"));
    r = attn::parseScene(view(with("mask", "[1, 0, 0]")));
    QCOMPARE(r.error().detail, std::string("boolean"));
    r = attn::parseScene(view(with("method", "1")));
    QCOMPARE(r.error().detail, std::string("string"));
    r = attn::parseScene(view(with("general", "1")));
    QCOMPARE(r.error().detail, std::string("object"));

    r = attn::parseScene(view(with("values", "[[1, 0], [0, 1]]")));
    QCOMPARE(r.error().expected, qlonglong(3));
    QCOMPARE(r.error().actual, qlonglong(2));
    r = attn::parseScene(view(with("keys", "[[1, 2], [3, 4, 5], [6, 7]]")));
    QCOMPARE(r.error().expected, qlonglong(2));
    QCOMPARE(r.error().actual, qlonglong(3));
    r = attn::parseScene(view(with("query", "[1, 2, 3]")));
    QCOMPARE(r.error().expected, qlonglong(2));
    QCOMPARE(r.error().actual, qlonglong(3));
    r = attn::parseScene(
        view(multihead(std::string(kHeadX) + "," + kHeadY, "[[1, 0, 0], [0, 1, 0]]")));
    QCOMPARE(r.error().expected, qlonglong(2));
    QCOMPARE(r.error().actual, qlonglong(3));

    // The parser's position comes through unchanged.
    r = attn::parseScene("{\n  \"format\": \"attention-canvas-scene\",\n  \"version\": 1,\n}");
    QCOMPARE(r.error().code, ErrorCode::Malformed);
    QCOMPARE(r.error().detail, std::string("unexpected-character"));
    QCOMPARE(r.error().expected, qlonglong(4));
    QCOMPARE(r.error().actual, qlonglong(1));
    r = attn::parseScene("{\"a\": \"\xC3\x28\"}");
    QCOMPARE(r.error().code, ErrorCode::InvalidUtf8);
    QCOMPARE(r.error().actual, qlonglong(7));
}

void TestSceneFile::keyLimit()
{
    auto r = attn::parseScene(view(withKeys(64)));
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());
    QCOMPARE(r->keyCount(), Scene::kMaxKeys);
    QCOMPARE(sceneDifference(*attn::parseScene(attn::writeScene(*r)), *r), QString());

    r = attn::parseScene(view(withKeys(1)));
    QVERIFY(r.ok());
    QCOMPARE(r->keyCount(), 1);

    r = attn::parseScene(view(withKeys(65)));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::TooManyKeys);
    QCOMPARE(r.error().expected, qlonglong(64));
    QCOMPARE(r.error().actual, qlonglong(65));

    r = attn::parseScene(view(withKeys(1000)));
    QCOMPARE(r.error().code, ErrorCode::TooManyKeys);
    QCOMPARE(r.error().actual, qlonglong(1000));
}

void TestSceneFile::sizeLimit()
{
    // Padding with spaces keeps the document valid, so only the size decides.
    std::string text = kMinimal;
    text.resize(attn::kMaxSceneBytes, ' ');
    auto r = attn::parseScene(text);
    QVERIFY2(r.ok(), r.ok() ? "" : errorText(r.error()).constData());

    text += ' ';
    r = attn::parseScene(text);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::FileTooLarge);
    QCOMPARE(r.error().expected, qlonglong(1048576));
    QCOMPARE(r.error().actual, qlonglong(1048577));

    // Checked before parsing: an oversized file of garbage is still "too large".
    const std::string garbage(3 * 1024 * 1024, '[');
    r = attn::parseScene(garbage);
    QCOMPARE(r.error().code, ErrorCode::FileTooLarge);
    QCOMPARE(r.error().actual, qlonglong(garbage.size()));
}

void TestSceneFile::validateInMemory_data()
{
    dataColumns<Mutation, bool, ErrorCode, QString>("mutate", "valid", "code", "subject");
    // Whether writing the scene and reading it back must report the same code and subject.
    // (It cannot for non-finite numbers, which JSON cannot hold, nor where a file reports a
    // wrong width on the offending row instead of on the whole matrix.)
    QTest::addColumn<bool>("fileAgrees");

    const auto ok = ErrorCode::BadArgument; // unused for valid rows
    QTest::newRow("default") << Mutation([](Scene &) {}) << true << ok << "" << true;
    QTest::newRow("mask partly") << Mutation([](Scene &s) {
        s.mask = {true, false, true};
    }) << true << ok << "" << true;
    QTest::newRow("mask none") << Mutation([](Scene &s) {
        s.mask = {false, false, false};
    }) << true << ok << "" << true;
    QTest::newRow("scale_dim 0.5")
        << Mutation([](Scene &s) { s.scaleDim = 0.5; }) << true << ok << "" << true;

    QTest::newRow("method out of range") << Mutation([](Scene &s) { s.method = Method(17); })
                                         << false << ErrorCode::UnknownMethod << "method" << true;
    QTest::newRow("normaliser out of range")
        << Mutation([](Scene &s) { s.normaliser = attn::Normaliser(9); }) << false
        << ErrorCode::UnknownNormaliser << "normaliser" << true;
    QTest::newRow("sigmoid_bias inf") << Mutation([](Scene &s) { s.sigmoidBias = kInf; }) << false
                                      << ErrorCode::NonFinite << "sigmoid_bias" << false;
    QTest::newRow("sigmoid_bias given")
        << Mutation([](Scene &s) { s.sigmoidBias = 3.0; }) << true << ok << "" << true;
    QTest::newRow("temperature 0") << Mutation([](Scene &s) { s.temperature = 0; }) << false
                                   << ErrorCode::BadTemperature << "temperature" << true;
    QTest::newRow("temperature negative") << Mutation([](Scene &s) { s.temperature = -2; }) << false
                                          << ErrorCode::BadTemperature << "temperature" << true;
    QTest::newRow("temperature NaN") << Mutation([](Scene &s) { s.temperature = kNaN; }) << false
                                     << ErrorCode::BadTemperature << "temperature" << false;
    QTest::newRow("temperature inf") << Mutation([](Scene &s) { s.temperature = kInf; }) << false
                                     << ErrorCode::BadTemperature << "temperature" << false;
    QTest::newRow("scale_dim 0") << Mutation([](Scene &s) { s.scaleDim = 0.0; }) << false
                                 << ErrorCode::BadScaleDim << "scale_dim" << true;
    QTest::newRow("scale_dim NaN") << Mutation([](Scene &s) { s.scaleDim = kNaN; }) << false
                                   << ErrorCode::BadScaleDim << "scale_dim" << false;
    QTest::newRow("scale_dim inf") << Mutation([](Scene &s) { s.scaleDim = kInf; }) << false
                                   << ErrorCode::BadScaleDim << "scale_dim" << false;
    QTest::newRow("query 3-D") << Mutation([](Scene &s) { s.query = Vector::Ones(3); }) << false
                               << ErrorCode::DimensionMismatch << "query" << true;
    QTest::newRow("query empty") << Mutation([](Scene &s) { s.query = Vector(); }) << false
                                 << ErrorCode::DimensionMismatch << "query" << true;
    QTest::newRow("query NaN") << Mutation([](Scene &s) { s.query(1) = kNaN; }) << false
                               << ErrorCode::NonFinite << "query[1]" << false;
    QTest::newRow("no keys") << Mutation([](Scene &s) {
        s.keys = Matrix(0, 2);
        s.values = Matrix(0, 2);
    }) << false << ErrorCode::NoKeys
                             << "keys" << true;
    QTest::newRow("65 keys") << Mutation([](Scene &s) {
        s.keys = Matrix::Ones(65, 2);
        s.values = Matrix::Ones(65, 2);
    }) << false << ErrorCode::TooManyKeys
                             << "keys" << true;
    QTest::newRow("64 keys") << Mutation([](Scene &s) {
        s.keys = Matrix::Ones(64, 2);
        s.values = Matrix::Ones(64, 2);
    }) << true << ok << "" << true;
    QTest::newRow("keys 3 columns") << Mutation([](Scene &s) { s.keys = Matrix::Ones(3, 3); })
                                    << false << ErrorCode::DimensionMismatch << "keys" << false;
    QTest::newRow("key inf") << Mutation([](Scene &s) { s.keys(1, 0) = -kInf; }) << false
                             << ErrorCode::NonFinite << "keys[1][0]" << false;
    QTest::newRow("values too few") << Mutation([](Scene &s) { s.values = Matrix::Ones(2, 2); })
                                    << false << ErrorCode::CountMismatch << "values" << true;
    QTest::newRow("values 1 column") << Mutation([](Scene &s) { s.values = Matrix::Ones(3, 1); })
                                     << false << ErrorCode::DimensionMismatch << "values" << false;
    QTest::newRow("value NaN") << Mutation([](Scene &s) { s.values(2, 1) = kNaN; }) << false
                               << ErrorCode::NonFinite << "values[2][1]" << false;
    QTest::newRow("mask short") << Mutation([](Scene &s) { s.mask = {true}; }) << false
                                << ErrorCode::CountMismatch << "mask" << true;
    QTest::newRow("all masked") << Mutation([](Scene &s) {
        s.mask = {true, true, true};
    }) << false << ErrorCode::AllMasked
                                << "mask" << true;
    QTest::newRow("general 3x3") << Mutation([](Scene &s) { s.general = Matrix::Identity(3, 3); })
                                 << false << ErrorCode::DimensionMismatch << "general.w" << false;
    QTest::newRow("general empty") << Mutation([](Scene &s) { s.general = Matrix(); }) << false
                                   << ErrorCode::DimensionMismatch << "general.w" << true;
    QTest::newRow("general NaN") << Mutation([](Scene &s) { s.general(0, 1) = kNaN; }) << false
                                 << ErrorCode::NonFinite << "general.w[0][1]" << false;
    QTest::newRow("additive empty") << Mutation([](Scene &s) { s.additive = {}; }) << false
                                    << ErrorCode::BadArgument << "additive.wq" << true;
    QTest::newRow("additive H 16")
        << Mutation([](Scene &s) { s.additive = attn::defaults::additive(16); }) << true << ok << ""
        << true;
    QTest::newRow("additive H 17")
        << Mutation([](Scene &s) { s.additive = attn::defaults::additive(17); }) << false
        << ErrorCode::BadArgument << "additive.wq" << true;
    QTest::newRow("additive b short")
        << Mutation([](Scene &s) { s.additive.b = Vector::Zero(3); }) << false
        << ErrorCode::DimensionMismatch << "additive.b" << true;
    QTest::newRow("additive v NaN") << Mutation([](Scene &s) { s.additive.v(2) = kNaN; }) << false
                                    << ErrorCode::NonFinite << "additive.v[2]" << false;
    QTest::newRow("no heads") << Mutation([](Scene &s) { s.multiHead.heads.clear(); }) << false
                              << ErrorCode::NoHeads << "multihead.heads" << true;
    QTest::newRow("9 heads") << Mutation([](Scene &s) {
        s.multiHead.heads.resize(9, s.multiHead.heads.front());
        s.multiHead.wo = Matrix::Ones(2, 9);
    }) << false << ErrorCode::BadArgument
                             << "multihead.heads" << true;
    QTest::newRow("8 heads") << Mutation([](Scene &s) {
        s.multiHead.heads.resize(8, s.multiHead.heads.front());
        s.multiHead.wo = Matrix::Ones(2, 8);
    }) << true << ok << "" << true;
    QTest::newRow("head d_v differs")
        << Mutation([](Scene &s) { s.multiHead.heads[1].wv = Matrix::Identity(2, 2); }) << false
        << ErrorCode::HeadsDoNotFit << "multihead.heads[1].wv" << true;
    QTest::newRow("head wk rows") << Mutation([](Scene &s) {
        s.multiHead.heads[0].wk = Matrix::Identity(2, 2);
    }) << false << ErrorCode::DimensionMismatch
                                  << "multihead.heads[0].wk" << true;
    QTest::newRow("head wq NaN") << Mutation([](Scene &s) { s.multiHead.heads[1].wq(0, 0) = kNaN; })
                                 << false << ErrorCode::NonFinite << "multihead.heads[1].wq[0][0]"
                                 << false;
    QTest::newRow("wo 2x3") << Mutation([](Scene &s) { s.multiHead.wo = Matrix::Ones(2, 3); })
                            << false << ErrorCode::DimensionMismatch << "multihead.wo" << true;
    QTest::newRow("wo 3x2") << Mutation([](Scene &s) { s.multiHead.wo = Matrix::Ones(3, 2); })
                            << false << ErrorCode::DimensionMismatch << "multihead.wo" << true;
    QTest::newRow("first rule wins") << Mutation([](Scene &s) {
        s.temperature = -1;
        s.mask = {true, true, true};
    }) << false << ErrorCode::BadTemperature
                                     << "temperature" << true;
}

void TestSceneFile::validateInMemory()
{
    QFETCH(Mutation, mutate);
    QFETCH(bool, valid);
    QFETCH(ErrorCode, code);
    QFETCH(QString, subject);
    QFETCH(bool, fileAgrees);

    Scene scene = Scene::defaultScene();
    mutate(scene);
    const auto result = attn::validateScene(scene);
    QCOMPARE(result.ok(), valid);
    if (!valid) {
        QVERIFY2(result.error().code == code, errorText(result.error()).constData());
        QCOMPARE(QString::fromStdString(result.error().subject), subject);
    }

    // Whatever validateScene() says, writing the scene must not crash, and loading what was
    // written must agree with it.
    const auto loaded = attn::parseScene(attn::writeScene(scene));
    QCOMPARE(loaded.ok(), valid);
    if (!valid && fileAgrees) {
        QVERIFY2(loaded.error().code == code, errorText(loaded.error()).constData());
        QCOMPARE(QString::fromStdString(loaded.error().subject), subject);
    }
}

QTEST_APPLESS_MAIN(TestSceneFile)
#include "tst_scenefile.moc"
