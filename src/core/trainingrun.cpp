#include "trainingrun.h"

#include "sequenceevaluation.h"
#include "sequencetrainer.h"

namespace attn {

namespace {
JsonValue toJson(const Matrix &m)
{
    JsonValue::Array rows;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        JsonValue::Array row;
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.emplace_back(m(r, c));
        rows.emplace_back(std::move(row));
    }
    return JsonValue(std::move(rows));
}

JsonValue toJson(const std::vector<std::optional<double>> &xs)
{
    JsonValue::Array items;
    for (const auto &x : xs)
        items.push_back(x ? JsonValue(*x) : JsonValue());
    return JsonValue(std::move(items));
}
} // namespace

Result<TrainingRun> TrainingRun::run(SequenceTrainer &trainer, int steps,
                                     std::span<const SequenceExample> heldOut)
{
    TrainingRun out;
    out.steps = steps;
    // Held-out figures at the same parameters as the training ones: before each update, then
    // after the last.
    auto scoreHeldOut = [&]() -> std::optional<Error> {
        if (heldOut.empty())
            return std::nullopt;
        auto e = SequenceEvaluation::evaluate(trainer.model(), heldOut);
        if (!e)
            return e.error();
        out.heldOutLosses.push_back(e->loss());
        out.heldOutAccuracies.push_back(e->accuracy());
        return std::nullopt;
    };
    for (int i = 0; i < steps; ++i) {
        if (auto e = scoreHeldOut())
            return *e;
        // Each step reports the loss at the parameters before its update.
        auto before = trainer.step();
        if (!before)
            return before.error();
        out.losses.push_back(before->loss());
        out.accuracies.push_back(before->accuracy());
    }
    auto last = trainer.evaluate();
    if (!last)
        return last.error();
    if (auto e = scoreHeldOut())
        return *e;
    out.losses.push_back(last->loss());
    out.accuracies.push_back(last->accuracy());
    return out;
}

JsonValue TrainingRun::toJson(const SequenceModel &model) const
{
    const SequenceWeights &w = model.weights;
    JsonValue parameters = JsonValue::object();
    parameters.set("embedding", attn::toJson(w.embedding));
    if (model.positions == PositionKind::Learned) {
        JsonValue positions = JsonValue::object();
        positions.set("table", attn::toJson(w.positionTable));
        parameters.set("positions", std::move(positions));
    }
    JsonValue layers = JsonValue::array();
    for (const SequenceLayerWeights &layer : w.layers) {
        JsonValue heads = JsonValue::array();
        for (const SequenceHeadWeights &head : layer.heads) {
            JsonValue h = JsonValue::object();
            h.set("wq", attn::toJson(head.wq));
            h.set("wk", attn::toJson(head.wk));
            h.set("wv", attn::toJson(head.wv));
            heads.append(std::move(h));
        }
        JsonValue l = JsonValue::object();
        l.set("heads", std::move(heads));
        l.set("wo", attn::toJson(layer.wo));
        layers.append(std::move(l));
    }
    parameters.set("layers", std::move(layers));
    parameters.set("unembedding", attn::toJson(w.unembedding));

    JsonValue o = JsonValue::object();
    o.set("steps", steps);
    o.set("losses", attn::toJson(losses));
    o.set("accuracies", attn::toJson(accuracies));
    if (!heldOutLosses.empty()) {
        o.set("held_out_losses", attn::toJson(heldOutLosses));
        o.set("held_out_accuracies", attn::toJson(heldOutAccuracies));
    }
    o.set("parameters", std::move(parameters));
    return o;
}

} // namespace attn
