// The sequence file: exact round trips, the documented seeded defaults, and every kind of bad
// file refused with the field named (one table row per rule).

#include "common/datacolumns.h"
#include "common/largestsequence.h"
#include "common/resultwhy.h"
#include "common/sanitizers.h"
#include "core/cancellableread.h"
#include "core/json.h"
#include "core/random.h"
#include "core/sequencefile.h"
#include "naivesequence.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

using attn::ErrorCode;
using attn::JsonValue;
using attn::Matrix;
using attn::PositionKind;
using attn::SequenceDocument;

Q_DECLARE_METATYPE(attn::ErrorCode)
Q_DECLARE_METATYPE(std::string)

namespace {

// A valid file as top-level fields in order; each bad-file case replaces or removes some.
using Fields = std::vector<std::pair<std::string, std::string>>;

const Fields kBase = {
    {"format", R"("attention-canvas-sequence")"},
    {"version", "1"},
    {"vocabulary", R"(["a", "b", "猫"])"},
    {"d_model", "2"},
    {"embedding", "[[1, 0], [0, 1], [1, 1]]"},
    {"positions", R"({"kind": "rotary", "base": 10000})"},
    {"layers", R"([{"heads": [{"wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]],
                               "wv": [[1, 0], [0, 1]]}], "wo": [[1, 0], [0, 1]]}])"},
    {"unembedding", "[[1, 0], [0, 1], [1, 1]]"},
    {"examples", R"([{"tokens": ["a", "b", "猫"], "targets": ["b", "猫", null]}])"},
};

// The text of kBase with `changes` applied: a field set to "" is removed, a new one is appended.
std::string fileWith(const Fields &changes)
{
    Fields fields = kBase;
    for (const auto &[name, value] : changes) {
        bool found = false;
        for (auto &f : fields)
            if (f.first == name) {
                f.second = value;
                found = true;
            }
        if (!found)
            fields.emplace_back(name, value);
    }
    std::string text = "{";
    bool first = true;
    for (const auto &[name, value] : fields) {
        if (value.empty())
            continue;
        text += first ? "\n  \"" : ",\n  \"";
        text += name + "\": " + value;
        first = false;
    }
    return text + "\n}\n";
}

std::string rows(int count, const std::string &row)
{
    std::string text = "[";
    for (int i = 0; i < count; ++i)
        text += (i ? ", " : "") + row;
    return text + "]";
}

std::string names(int count, const char *prefix = "n")
{
    std::string text = "[";
    for (int i = 0; i < count; ++i)
        text += (i ? ", \"" : "\"") + std::string(prefix) + std::to_string(i) + "\"";
    return text + "]";
}

std::string heads(int count)
{
    std::string text = "[";
    for (int i = 0; i < count; ++i)
        text += i ? ", {}" : "{}";
    return text + "]";
}

// The documented default, rebuilt here from its description: FNV-1a of the path seeds
// xoshiro256**, entries uniform in [−a, a) row by row.
Matrix documentedDefault(const std::string &path, int rowsCount, int cols, double a)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : path) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    attn::Random rng(h);
    Matrix m(rowsCount, cols);
    for (int r = 0; r < rowsCount; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = -a + 2 * a * rng.uniform();
    return m;
}

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.size() == 0 || a == b);
}

void compareDocuments(const SequenceDocument &a, const SequenceDocument &b)
{
    QCOMPARE(a.model.vocabulary, b.model.vocabulary);
    QCOMPARE(a.model.outputs, b.model.outputs);
    QCOMPARE(a.model.dModel, b.model.dModel);
    QCOMPARE(a.model.positions, b.model.positions);
    if (a.model.positions == PositionKind::Sinusoidal || a.model.positions == PositionKind::Rotary)
        QCOMPARE(a.model.base, b.model.base);
    QCOMPARE(a.model.causal, b.model.causal);
    QCOMPARE(a.model.temperature, b.model.temperature);
    QCOMPARE(int(a.model.normaliser), int(b.model.normaliser));
    QCOMPARE(a.model.sigmoidBias, b.model.sigmoidBias);
    const auto ma = a.model.weights.matrices(), mb = b.model.weights.matrices();
    QCOMPARE(ma.size(), mb.size());
    for (std::size_t i = 0; i < ma.size(); ++i)
        QVERIFY2(sameMatrix(*ma[i], *mb[i]), qPrintable(QStringLiteral("matrix %1").arg(i)));
    QCOMPARE(a.examples.size(), b.examples.size());
    for (std::size_t i = 0; i < a.examples.size(); ++i) {
        QCOMPARE(a.examples[i].tokens, b.examples[i].tokens);
        QCOMPARE(a.examples[i].targets, b.examples[i].targets);
    }
    QCOMPARE(a.training.has_value(), b.training.has_value());
    if (a.training)
        QVERIFY(*a.training == *b.training);
    QCOMPARE(a.trainingSettings.learningRate, b.trainingSettings.learningRate);
    QCOMPARE(a.trainingSettings.steps, b.trainingSettings.steps);
    QVERIFY(a.trainingSettings.trainable == b.trainingSettings.trainable);
}

} // namespace

class TestSequenceFile : public QObject
{
    Q_OBJECT

private slots:
    void baseFileLoads()
    {
        auto d = attn::parseSequence(fileWith({}));
        QVERIFY2(d.ok(), why(d));
        QCOMPARE(d->model.vocabulary, (std::vector<std::string>{"a", "b", "猫"}));
        QCOMPARE(d->model.outputs, d->model.vocabulary);
        QCOMPARE(d->model.positions, PositionKind::Rotary);
        QCOMPARE(d->model.causal, false);
        QCOMPARE(d->model.temperature, 1.0);
        QCOMPARE(int(d->model.normaliser), int(attn::Normaliser::Softmax)); // absent: softmax
        QVERIFY(!d->model.sigmoidBias);
        QCOMPARE(d->examples[0].tokens, (std::vector<int>{0, 1, 2}));
        QCOMPARE(d->examples[0].targets, (std::vector<int>{1, 2, -1}));
        QVERIFY(!d->training);
        QVERIFY(attn::validateSequence(*d).ok());
    }

    void roundTripIsExact_data()
    {
        QTest::addColumn<int>("kind");
        for (int k = 0; k < 4; ++k)
            QTest::newRow(attn::positionKindId(PositionKind(k))) << k;
    }

    void roundTripIsExact()
    {
        QFETCH(int, kind);
        SequenceDocument d;
        d.model = naiveseq::randomModel(40 + kind, 5, 4, 2, 3, 2, 3, PositionKind(kind), kind % 2,
                                        0.3, 7);
        d.model.vocabulary[1] = "猫";
        d.model.vocabulary[2] = "a \"quoted\" \\ name";
        d.model.outputs = {"yes", "no", "maybe"};
        d.model.weights.unembedding = d.model.weights.unembedding.topRows(3).eval();
        d.model.base = kind == 3 ? 500.25 : 10000;
        // Numbers that need all 17 digits, tiny and huge ones, and a negative zero.
        d.model.weights.embedding(0, 0) = 0.1 + 0.2;
        d.model.weights.embedding(0, 1) = -0.0;
        d.model.weights.embedding(1, 0) = 1e-300;
        d.model.weights.embedding(1, 1) = -1.7976931348623157e308;
        d.model.weights.embedding(2, 0) = std::nextafter(1.0, 2.0);
        d.examples = {
            {{0, 1, 2, 3, 4, 0, 1}, {0, -1, 2, 1, -1, -1, 0}}, {{4}, {}}, {{2, 2}, {-1, -1}}};
        auto training = attn::parseJson(
            R"({"trainable": ["wk", "unembedding"], "learning_rate": 0.30000000000000004, "steps": 7})");
        QVERIFY(training.ok());
        d.training = *training;
        d.trainingSettings.learningRate = 0.1 + 0.2;
        d.trainingSettings.steps = 7;
        d.trainingSettings.trainable = {false, false, false, true, false, false, true};
        const auto valid = attn::validateSequence(d);
        QVERIFY2(valid.ok(), why(valid));

        const std::string text = attn::writeSequence(d);
        auto back = attn::parseSequence(text);
        QVERIFY2(back.ok(), why(back));
        compareDocuments(d, *back);
        QVERIFY(std::signbit(back->model.weights.embedding(0, 1)));
        QCOMPARE(attn::writeSequence(*back), text);
        // Every normaliser and a given bias come back; softmax is not written at all.
        QVERIFY(text.find("\"normaliser\"") == std::string::npos);
        for (const attn::NormaliserInfo &info : attn::kNormalisers) {
            SequenceDocument n = d;
            n.model.normaliser = info.normaliser;
            n.model.sigmoidBias = kind % 2 ? std::optional<double>(-0.75) : std::nullopt;
            const std::string written = attn::writeSequence(n);
            auto read = attn::parseSequence(written);
            QVERIFY2(read.ok(), why(read));
            compareDocuments(n, *read);
            QCOMPARE(attn::writeSequence(*read), written);
        }
        // The outputs equal to the vocabulary are left out, and come back as the vocabulary.
        d.model.outputs = d.model.vocabulary;
        d.model.weights.unembedding = Matrix::Ones(5, 4);
        for (auto &ex : d.examples)
            for (int &t : ex.targets)
                t = t < 0 ? -1 : 4;
        const std::string same = attn::writeSequence(d);
        QVERIFY(same.find("\"outputs\"") == std::string::npos);
        auto again = attn::parseSequence(same);
        QVERIFY(again.ok());
        compareDocuments(d, *again);
    }

    void missingMatricesGetTheDocumentedDefaults()
    {
        // Two heads of unstated size under rotary positions in D = 6: d_k = d_v = 3, and d_k
        // rounds up to the even 4.
        const std::string text = fileWith({{"d_model", "6"},
                                           {"embedding", ""},
                                           {"layers", R"([{"heads": [{}, {}]}])"},
                                           {"unembedding", ""}});
        auto d = attn::parseSequence(text);
        QVERIFY2(d.ok(), why(d));
        const auto &w = d->model.weights;
        QVERIFY(sameMatrix(w.embedding, documentedDefault("embedding", 3, 6, 1)));
        const double a = 1 / std::sqrt(6.0);
        QVERIFY(sameMatrix(w.layers[0].heads[0].wq,
                           documentedDefault("layers[0].heads[0].wq", 4, 6, a)));
        QVERIFY(sameMatrix(w.layers[0].heads[1].wk,
                           documentedDefault("layers[0].heads[1].wk", 4, 6, a)));
        QVERIFY(sameMatrix(w.layers[0].heads[1].wv,
                           documentedDefault("layers[0].heads[1].wv", 3, 6, a)));
        QVERIFY(sameMatrix(w.layers[0].wo,
                           documentedDefault("layers[0].wo", 6, 6, 1 / std::sqrt(6.0))));
        QVERIFY(sameMatrix(w.unembedding, documentedDefault("unembedding", 3, 6, a)));
        QVERIFY(w.layers[0].heads[0].wq != w.layers[0].heads[1].wq);

        // Given sizes win: the first head's wq fixes d_k for the second head's defaults.
        auto given = attn::parseSequence(
            fileWith({{"positions", R"({"kind": "learned"})"},
                      {"layers",
                       R"([{"heads": [{"wq": [[1, 0]], "wv": [[1, 0], [0, 1], [1, 1]]}, {}]}])"}}));
        QVERIFY2(given.ok(), why(given));
        const auto &g = given->model.weights;
        QCOMPARE(g.layers[0].heads[0].wk.rows(), 1);
        QCOMPARE(g.layers[0].heads[1].wq.rows(), 1);
        QCOMPARE(g.layers[0].heads[1].wv.rows(), 3);
        QCOMPARE(g.layers[0].wo.cols(), 6);
        QVERIFY(sameMatrix(g.positionTable, documentedDefault("positions.table", 64, 2, 1)));
    }

    void refusesBadFiles_data()
    {
        dataColumns<std::string, ErrorCode, std::string>("text", "code", "subject");
        auto row = [](const char *name, const std::string &text, ErrorCode code,
                      const std::string &subject) {
            QTest::newRow(name) << text << code << subject;
        };
        using E = ErrorCode;
        const std::string noMatrices2 = R"([{"heads": [{}]}])";
        row("not an object", "[1]", E::WrongType, "");
        row("malformed", "{\"format\": ", E::Malformed, "");
        row("repeated field", "{\"d_model\": 2, \"d_model\": 2}", E::DuplicateField, "d_model");
        row("scene format", fileWith({{"format", R"("attention-canvas-scene")"}}), E::WrongFormat,
            "format");
        row("version 2", fileWith({{"version", "2"}}), E::UnsupportedVersion, "version");
        row("no version", fileWith({{"version", ""}}), E::UnsupportedVersion, "version");
        row("unknown field", fileWith({{"colour", "1"}}), E::UnknownField, "colour");
        row("no vocabulary", fileWith({{"vocabulary", ""}}), E::MissingField, "vocabulary");
        row("vocabulary not a list", fileWith({{"vocabulary", R"("a b")"}}), E::WrongType,
            "vocabulary");
        row("empty vocabulary", fileWith({{"vocabulary", "[]"}}), E::OutOfRange, "vocabulary");
        row("257 names", fileWith({{"vocabulary", names(257)}}), E::OutOfRange, "vocabulary");
        row("name not a string", fileWith({{"vocabulary", R"(["a", 1, "c"])"}}), E::WrongType,
            "vocabulary[1]");
        row("empty name", fileWith({{"vocabulary", R"(["a", "", "c"])"}}), E::BadName,
            "vocabulary[1]");
        row("65-byte name",
            fileWith({{"vocabulary", "[\"a\", \"" + std::string(65, 'x') + "\", \"c\"]"}}),
            E::BadName, "vocabulary[1]");
        row("control character", fileWith({{"vocabulary", R"(["a", "b\n", "c"])"}}), E::BadName,
            "vocabulary[1]");
        row("repeated name", fileWith({{"vocabulary", R"(["a", "b", "a"])"}}), E::DuplicateName,
            "vocabulary[2]");
        row("repeated output", fileWith({{"outputs", R"(["x", "x"])"}}), E::DuplicateName,
            "outputs[1]");
        row("no d_model", fileWith({{"d_model", ""}}), E::MissingField, "d_model");
        row("fractional d_model", fileWith({{"d_model", "2.5"}}), E::WrongType, "d_model");
        row("d_model as text", fileWith({{"d_model", R"("2")"}}), E::WrongType, "d_model");
        row("d_model 0", fileWith({{"d_model", "0"}}), E::OutOfRange, "d_model");
        row("d_model 65", fileWith({{"d_model", "65"}}), E::OutOfRange, "d_model");
        row("embedding rows", fileWith({{"embedding", "[[1, 0], [0, 1]]"}}), E::DimensionMismatch,
            "embedding");
        row("embedding row length", fileWith({{"embedding", "[[1, 0], [0], [1, 1]]"}}),
            E::DimensionMismatch, "embedding[1]");
        row("embedding entry", fileWith({{"embedding", R"([[1, "0"], [0, 1], [1, 1]])"}}),
            E::WrongType, "embedding[0][1]");
        row("positions not an object", fileWith({{"positions", R"("rotary")"}}), E::WrongType,
            "positions");
        row("no kind", fileWith({{"positions", "{}"}}), E::MissingField, "positions.kind");
        row("unknown kind", fileWith({{"positions", R"({"kind": "absolute"})"}}), E::UnknownKind,
            "positions.kind");
        row("base without use", fileWith({{"positions", R"({"kind": "none", "base": 10})"}}),
            E::UnknownField, "positions.base");
        row("table under rotary",
            fileWith({{"positions", R"({"kind": "rotary", "table": [[0, 0]]})"}}), E::UnknownField,
            "positions.table");
        row("base 0", fileWith({{"positions", R"({"kind": "rotary", "base": 0})"}}), E::BadArgument,
            "positions.base");
        row("negative base", fileWith({{"positions", R"({"kind": "sinusoidal", "base": -2})"}}),
            E::BadArgument, "positions.base");
        row("base as text", fileWith({{"positions", R"({"kind": "rotary", "base": "e"})"}}),
            E::WrongType, "positions.base");
        row("sinusoidal in odd D",
            fileWith({{"d_model", "3"},
                      {"embedding", ""},
                      {"positions", R"({"kind": "sinusoidal"})"},
                      {"layers", noMatrices2},
                      {"unembedding", ""}}),
            E::OddDimension, "d_model");
        row("learned table too short",
            fileWith({{"positions", R"({"kind": "learned", "table": [[0, 0], [1, 1]]})"}}),
            E::DimensionMismatch, "positions.table");
        row("learned table of 65",
            fileWith(
                {{"positions", R"({"kind": "learned", "table": )" + rows(65, "[0, 0]") + "}"}}),
            E::OutOfRange, "positions.table");
        row("learned table width",
            fileWith({{"positions", R"({"kind": "learned", "table": [[0, 0, 0]]})"}}),
            E::DimensionMismatch, "positions.table[0]");
        row("no layers", fileWith({{"layers", ""}}), E::MissingField, "layers");
        row("zero layers", fileWith({{"layers", "[]"}}), E::OutOfRange, "layers");
        row("five layers", fileWith({{"layers", rows(5, R"({"heads": [{}]})")}}), E::OutOfRange,
            "layers");
        row("layer not an object", fileWith({{"layers", "[[]]"}}), E::WrongType, "layers[0]");
        row("layer with an MLP", fileWith({{"layers", R"([{"heads": [{}], "mlp": 1}])"}}),
            E::UnknownField, "layers[0].mlp");
        row("no heads", fileWith({{"layers", R"([{"wo": [[1, 0], [0, 1]]}])"}}), E::MissingField,
            "layers[0].heads");
        row("zero heads", fileWith({{"layers", R"([{"heads": []}])"}}), E::OutOfRange,
            "layers[0].heads");
        row("nine heads", fileWith({{"layers", R"([{"heads": )" + heads(9) + "}]"}}), E::OutOfRange,
            "layers[0].heads");
        row("head with a typo", fileWith({{"layers", R"([{"heads": [{"wx": []}]}])"}}),
            E::UnknownField, "layers[0].heads[0].wx");
        row("odd d_k under rotary",
            fileWith({{"layers", R"([{"heads": [{}, {"wq": [[1, 0], [0, 1], [1, 1]]}]}])"}}),
            E::OddDimension, "layers[0].heads[1].wq");
        row("d_k of 66",
            fileWith({{"layers", R"([{"heads": [{"wk": )" + rows(66, "[0, 0]") + "}]}]"}}),
            E::OutOfRange, "layers[0].heads[0].wk");
        row("d_k differs",
            fileWith({{"layers", R"([{"heads": [{"wq": [[1, 0], [0, 1]]}, {"wk": [[1, 0]]}]}])"}}),
            E::DimensionMismatch, "layers[0].heads[1].wk");
        row("d_v differs",
            fileWith({{"layers", R"([{"heads": [{"wv": [[1, 0], [0, 1]]}, {"wv": [[1, 0]]}]}])"}}),
            E::DimensionMismatch, "layers[0].heads[1].wv");
        row("wq row length", fileWith({{"layers", R"([{"heads": [{"wq": [[1, 0], [0]]}]}])"}}),
            E::DimensionMismatch, "layers[0].heads[0].wq[1]");
        row("wo rows", fileWith({{"layers", R"([{"heads": [{}], "wo": [[1, 0]]}])"}}),
            E::DimensionMismatch, "layers[0].wo");
        row("wo row length", fileWith({{"layers", R"([{"heads": [{}], "wo": [[1], [0]]}])"}}),
            E::DimensionMismatch, "layers[0].wo[0]");
        row("unembedding rows", fileWith({{"unembedding", "[[1, 0]]"}}), E::DimensionMismatch,
            "unembedding");
        row("causal as text", fileWith({{"causal", R"("yes")"}}), E::WrongType, "causal");
        row("temperature 0", fileWith({{"temperature", "0"}}), E::BadTemperature, "temperature");
        row("temperature as text", fileWith({{"temperature", R"("hot")"}}), E::WrongType,
            "temperature");
        row("normaliser unknown", fileWith({{"normaliser", R"("relu")"}}), E::UnknownNormaliser,
            "normaliser");
        row("normaliser as a number", fileWith({{"normaliser", "0"}}), E::WrongType, "normaliser");
        row("sigmoid_bias as text", fileWith({{"sigmoid_bias", R"("-1")"}}), E::WrongType,
            "sigmoid_bias");
        row("no examples", fileWith({{"examples", ""}}), E::MissingField, "examples");
        row("zero examples", fileWith({{"examples", "[]"}}), E::OutOfRange, "examples");
        row("1025 examples", fileWith({{"examples", rows(1025, R"({"tokens": ["a"]})")}}),
            E::OutOfRange, "examples");
        row("example not an object", fileWith({{"examples", R"(["a"])"}}), E::WrongType,
            "examples[0]");
        row("example with a typo", fileWith({{"examples", R"([{"tokens": ["a"], "weight": 1}])"}}),
            E::UnknownField, "examples[0].weight");
        row("no tokens", fileWith({{"examples", R"([{"targets": []}])"}}), E::MissingField,
            "examples[0].tokens");
        row("zero tokens", fileWith({{"examples", R"([{"tokens": []}])"}}), E::OutOfRange,
            "examples[0].tokens");
        row("65 tokens", fileWith({{"examples", R"([{"tokens": )" + rows(65, "\"a\"") + "}]"}}),
            E::OutOfRange, "examples[0].tokens");
        row("token not in the vocabulary",
            fileWith({{"examples", R"([{"tokens": ["a"]}, {"tokens": ["a", "dog"]}])"}}),
            E::UnknownName, "examples[1].tokens[1]");
        row("token as a number", fileWith({{"examples", R"([{"tokens": [0]}])"}}), E::WrongType,
            "examples[0].tokens[0]");
        row("targets too short",
            fileWith({{"examples", R"([{"tokens": ["a", "b"], "targets": ["a"]}])"}}),
            E::DimensionMismatch, "examples[0].targets");
        row("target not an output",
            fileWith({{"outputs", R"(["x", "y"])"},
                      {"unembedding", "[[1, 0], [0, 1]]"},
                      {"examples", R"([{"tokens": ["a"], "targets": ["a"]}])"}}),
            E::UnknownName, "examples[0].targets[0]");
        row("target as a number",
            fileWith({{"examples", R"([{"tokens": ["a", "b"], "targets": [null, 1]}])"}}),
            E::WrongType, "examples[0].targets[1]");
        row("training not an object", fileWith({{"training", "[]"}}), E::WrongType, "training");
        row("too large", std::string(attn::kMaxSequenceBytes + 1, ' '), E::FileTooLarge, "");
    }

    void refusesBadFiles()
    {
        QFETCH(std::string, text);
        QFETCH(ErrorCode, code);
        QFETCH(std::string, subject);
        auto d = attn::parseSequence(text);
        QVERIFY(!d.ok());
        QVERIFY2(d.error().code == code && d.error().subject == subject, why(d));
    }

    void validatesDocumentsBuiltInMemory()
    {
        auto d = attn::parseSequence(fileWith({}));
        QVERIFY(d.ok());
        SequenceDocument nan = *d;
        nan.model.weights.embedding(2, 1) = std::numeric_limits<double>::quiet_NaN();
        auto e = attn::validateSequence(nan);
        QVERIFY(!e.ok());
        QCOMPARE(e.error().code, ErrorCode::NonFinite);
        QCOMPARE(e.error().subject, std::string("embedding[2][1]"));

        SequenceDocument badToken = *d;
        badToken.examples[0].tokens[2] = 3;
        e = attn::validateSequence(badToken);
        QVERIFY(!e.ok());
        QCOMPARE(e.error().subject, std::string("examples[0].tokens[2]"));

        SequenceDocument odd = *d;
        odd.model.weights.layers[0].heads[0].wq = Matrix::Ones(1, 2);
        odd.model.weights.layers[0].heads[0].wk = Matrix::Ones(1, 2);
        e = attn::validateSequence(odd);
        QVERIFY(!e.ok());
        QCOMPARE(e.error().code, ErrorCode::OddDimension);

        SequenceDocument heat = *d;
        heat.model.temperature = -1;
        QCOMPARE(attn::validateSequence(heat).error().code, ErrorCode::BadTemperature);

        SequenceDocument bias = *d;
        bias.model.sigmoidBias = std::numeric_limits<double>::infinity();
        QCOMPARE(attn::validateSequence(bias).error().subject, std::string("sigmoid_bias"));
        SequenceDocument unknown = *d;
        unknown.model.normaliser = attn::Normaliser(7);
        QCOMPARE(attn::validateSequence(unknown).error().code, ErrorCode::UnknownNormaliser);
    }

    void theLargestFileReadsAndCancels()
    {
        // Every limit at once (over 30 MB): it reads; a set flag stops the reader (BadArgument
        // "cancelled"), an unset one changes nothing.
        if (kUnderSanitizers)
            QSKIP("the largest file is read in the normal build (several times slower here)");
        const std::string text = testfiles::largestSequenceText();
        QVERIFY(text.size() <= attn::kMaxSequenceBytes);
        QVERIFY(text.size() > 20'000'000);
        attn::CancelFlag flag{false};
        const auto read = attn::parseSequence(text, &flag);
        QVERIFY(read);
        QCOMPARE(read->model.layerCount(), attn::kMaxSequenceLayers);
        QCOMPARE(int(read->examples.size()), attn::kMaxExamples);
        QCOMPARE(int(read->heldOut.size()), attn::kMaxExamples);
        QCOMPARE(read->examples.back().targets.size(), std::size_t(attn::kMaxExampleTokens));
        flag = true;
        QElapsedTimer clock;
        clock.start();
        const auto stopped = attn::parseSequence(text, &flag);
        QVERIFY(!stopped);
        QVERIFY(attn::isCancellation(stopped.error()));
        // Stopped at the first check, not at the end: a generous bound for slow machines.
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        // A file over the limit is refused for its size, cancellable or not.
        const std::string tooLarge(attn::kMaxSequenceBytes + 1, ' ');
        QCOMPARE(attn::parseSequence(tooLarge, &flag).error().code, attn::ErrorCode::FileTooLarge);
    }
};

QTEST_APPLESS_MAIN(TestSequenceFile)
#include "tst_sequencefile.moc"
