// The "training" block of a sequence file: its documented defaults, every field read, every bad
// value refused with its field named, "positions" only for learned tables, and the block written
// back exactly as it was read.

#include "common/datacolumns.h"
#include "core/json.h"
#include "core/sequencefile.h"

#include <QTest>

#include <string>
#include <utility>

using attn::ErrorCode;
using attn::OptimizerKind;
using attn::ParameterGroup;

Q_DECLARE_METATYPE(attn::ErrorCode)
Q_DECLARE_METATYPE(std::string)

namespace {

// A valid file with learned or rotary positions and the given training block ("" for none).
std::string file(const std::string &training, bool learned = false)
{
    std::string text = R"({"format": "attention-canvas-sequence", "version": 1,
      "vocabulary": ["a", "b"], "d_model": 2,
      "positions": )";
    text += learned ? R"({"kind": "learned", "table": [[0, 1], [1, 0]]})" : R"({"kind": "rotary"})";
    text += R"(, "layers": [{"heads": [{}]}],
      "examples": [{"tokens": ["a", "b"], "targets": ["b", "a"]}])";
    if (!training.empty())
        text += ", \"training\": " + training;
    return text + "}";
}

// The optimizer's settings as expected, or the first field that differs (the numbers are read
// from the same decimal text as the literals, so they must be equal to the bit).
QString differs(const attn::TrainingSettings &s, OptimizerKind optimizer, double learningRate,
                double beta1, double beta2, double epsilon, int steps)
{
    if (s.optimizer != optimizer)
        return QStringLiteral("optimizer");
    const std::pair<const char *, std::pair<double, double>> numbers[] = {
        {"learning_rate", {s.learningRate, learningRate}},
        {"beta1", {s.beta1, beta1}},
        {"beta2", {s.beta2, beta2}},
        {"epsilon", {s.epsilon, epsilon}},
        {"steps", {s.steps, steps}}};
    for (const auto &[name, pair] : numbers)
        if (pair.first != pair.second)
            return QStringLiteral("%1: %2 instead of %3")
                .arg(name)
                .arg(pair.first)
                .arg(pair.second);
    return {};
}

} // namespace

class TestTrainingSettings : public QObject
{
    Q_OBJECT

private slots:
    void defaultsWhenAbsentOrEmpty()
    {
        for (const std::string &block : {std::string(), std::string("{}")}) {
            auto d = attn::parseSequence(file(block));
            QVERIFY(d.ok());
            const attn::TrainingSettings &s = d->trainingSettings;
            const QString why = differs(s, OptimizerKind::Adam, 0.01, 0.9, 0.999, 1e-8, 1000);
            QVERIFY2(why.isEmpty(), qPrintable(why));
            for (bool t : s.trainable)
                QVERIFY(t);
            QCOMPARE(d->training.has_value(), !block.empty());
        }
    }

    void readsEveryField()
    {
        auto d = attn::parseSequence(file(R"({"optimizer": "sgd", "learning_rate": 0.5,
            "beta1": 0, "beta2": 0.5, "epsilon": 1e-6, "steps": 42,
            "trainable": ["positions", "wv", "embedding"]})",
                                          true));
        QVERIFY2(d.ok(), d.ok() ? "" : attn::describe(d.error()).c_str());
        const attn::TrainingSettings &s = d->trainingSettings;
        const QString why = differs(s, OptimizerKind::Sgd, 0.5, 0.0, 0.5, 1e-6, 42);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        const std::array<bool, 7> expected = {true, true, false, false, true, false, false};
        QVERIFY(s.trainable == expected);
        QVERIFY(!s.isTrainable(ParameterGroup::Unembedding));
    }

    void writtenBackExactly()
    {
        // Only the fields the file gave, in its order, with its numbers.
        const std::string block = R"({"steps": 3, "trainable": [], "learning_rate": 0.1})";
        auto d = attn::parseSequence(file(block));
        QVERIFY(d.ok());
        auto back = attn::parseSequence(attn::writeSequence(*d));
        QVERIFY(back.ok());
        QVERIFY(*back->training == *attn::parseJson(block));
        QCOMPARE(back->trainingSettings.steps, 3);
        for (bool t : back->trainingSettings.trainable)
            QVERIFY(!t);
    }

    void settingsJsonReadsBack()
    {
        attn::TrainingSettings s;
        s.optimizer = OptimizerKind::Sgd;
        s.learningRate = 0.1 + 0.2;
        s.steps = 77;
        s.trainable[std::size_t(ParameterGroup::Wo)] = false;
        for (bool learned : {false, true}) {
            const attn::PositionKind kind =
                learned ? attn::PositionKind::Learned : attn::PositionKind::Rotary;
            auto r = attn::readTrainingSettings(attn::trainingSettingsJson(s, kind), kind);
            QVERIFY(r.ok());
            QCOMPARE(r->optimizer, s.optimizer);
            QCOMPARE(r->learningRate, s.learningRate);
            QCOMPARE(r->steps, 77);
            QCOMPARE(r->isTrainable(ParameterGroup::Wo), false);
            // "positions" is written only where it is a group with parameters.
            QCOMPARE(r->isTrainable(ParameterGroup::Positions), learned);
        }
    }

    void refusesBadBlocks_data()
    {
        dataColumns<std::string, bool, ErrorCode, std::string>("block", "learned", "code",
                                                               "subject");
        auto row = [](const char *name, const char *block, ErrorCode code, const char *subject,
                      bool learned = false) {
            QTest::newRow(name) << std::string(block) << learned << code << std::string(subject);
        };
        row("not an object", "[]", ErrorCode::WrongType, "training");
        row("unknown field", R"({"lr": 0.1})", ErrorCode::UnknownField, "training.lr");
        row("optimizer not a string", R"({"optimizer": 1})", ErrorCode::WrongType,
            "training.optimizer");
        row("unknown optimizer", R"({"optimizer": "adamw"})", ErrorCode::UnknownOptimizer,
            "training.optimizer");
        row("learning rate text", R"({"learning_rate": "0.1"})", ErrorCode::WrongType,
            "training.learning_rate");
        row("learning rate 0", R"({"learning_rate": 0})", ErrorCode::BadArgument,
            "training.learning_rate");
        row("learning rate negative", R"({"learning_rate": -0.1})", ErrorCode::BadArgument,
            "training.learning_rate");
        row("beta1 1", R"({"beta1": 1})", ErrorCode::BadArgument, "training.beta1");
        row("beta1 negative", R"({"beta1": -0.1})", ErrorCode::BadArgument, "training.beta1");
        row("beta2 1.5", R"({"beta2": 1.5})", ErrorCode::BadArgument, "training.beta2");
        row("beta2 null", R"({"beta2": null})", ErrorCode::WrongType, "training.beta2");
        row("epsilon 0", R"({"epsilon": 0})", ErrorCode::BadArgument, "training.epsilon");
        row("steps 0", R"({"steps": 0})", ErrorCode::OutOfRange, "training.steps");
        row("steps too many", R"({"steps": 1000001})", ErrorCode::OutOfRange, "training.steps");
        row("steps fraction", R"({"steps": 2.5})", ErrorCode::WrongType, "training.steps");
        row("trainable not a list", R"({"trainable": "wq"})", ErrorCode::WrongType,
            "training.trainable");
        row("trainable number", R"({"trainable": ["wq", 3]})", ErrorCode::WrongType,
            "training.trainable[1]");
        row("unknown group", R"({"trainable": ["wq", "w_q"]})", ErrorCode::UnknownGroup,
            "training.trainable[1]");
        row("group twice", R"({"trainable": ["wo", "wv", "wo"]})", ErrorCode::DuplicateName,
            "training.trainable[2]");
        row("positions not learned", R"({"trainable": ["positions"]})", ErrorCode::BadArgument,
            "training.trainable[0]");
    }

    void refusesBadBlocks()
    {
        QFETCH(std::string, block);
        QFETCH(bool, learned);
        QFETCH(ErrorCode, code);
        QFETCH(std::string, subject);
        auto d = attn::parseSequence(file(block, learned));
        QVERIFY(!d.ok());
        QCOMPARE(int(d.error().code), int(code));
        QCOMPARE(d.error().subject, subject);

        // A document built in memory with the same block is refused the same way.
        auto good = attn::parseSequence(file({}, learned));
        QVERIFY(good.ok());
        attn::SequenceDocument doc = *good;
        doc.training = *attn::parseJson(block);
        auto valid = attn::validateSequence(doc);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().subject, subject);
    }
};

QTEST_APPLESS_MAIN(TestTrainingSettings)
#include "tst_trainingsettings.moc"
