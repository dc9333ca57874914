#include "scenemodel.h"

#include "core/scenefile.h"
#include "errortext.h"
#include "outcome.h"

#include <algorithm>
#include <cmath>

namespace {
attn::Vector unit(const attn::Vector &v)
{
    const double n = v.stableNorm();
    return n > 0 ? attn::Vector(v / n) : v;
}

attn::Matrix unitRows(const attn::Matrix &m)
{
    attn::Matrix out = m;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        out.row(i) = unit(m.row(i).transpose()).transpose();
    return out;
}

bool finite2(const attn::Vector &v)
{
    return v.size() == 2 && v.allFinite();
}
} // namespace

SceneModel::SceneModel(QObject *parent) : QObject(parent), m_scene(attn::Scene::defaultScene())
{
    recompute();
}

QString SceneModel::errorText() const
{
    return m_error ? ErrorText::describe(*m_error) : QString();
}

std::optional<attn::Error> SceneModel::setScene(const attn::Scene &scene)
{
    auto valid = attn::validateScene(scene);
    if (!valid)
        return valid.error();
    const int before = m_scene.keyCount();
    m_scene = scene;
    recompute();
    emit sceneReplaced();
    if (before != m_scene.keyCount())
        emit keyCountChanged(m_scene.keyCount());
    emit changed();
    return std::nullopt;
}

bool SceneModel::apply(const attn::Scene &candidate)
{
    if (!attn::validateScene(candidate))
        return false;
    const int before = m_scene.keyCount();
    m_scene = candidate;
    recompute();
    if (before != m_scene.keyCount())
        emit keyCountChanged(m_scene.keyCount());
    emit changed();
    return true;
}

attn::Result<attn::ScoreBreakdown> SceneModel::explain(int key) const
{
    if (!m_result)
        return m_error.value_or(attn::Error{attn::ErrorCode::BadArgument, "result"});
    return attn::explainScore(m_query, m_keys, m_values, key, m_scene.method, m_scene.params(),
                              *m_result);
}

bool SceneModel::setQuery(const attn::Vector &query)
{
    if (!finite2(query))
        return false;
    // The drag path: no validation copy of the whole scene is needed for one finite 2-vector.
    m_scene.query = query;
    recompute();
    emit changed();
    return true;
}

bool SceneModel::setKey(int index, const attn::Vector &key)
{
    return setRow(m_scene.keys, index, key);
}

bool SceneModel::setValue(int index, const attn::Vector &value)
{
    return setRow(m_scene.values, index, value);
}

bool SceneModel::setRow(attn::Matrix &rows, int index, const attn::Vector &row)
{
    if (index < 0 || index >= keyCount() || !finite2(row))
        return false;
    rows.row(index) = row.transpose();
    recompute();
    emit changed();
    return true;
}

bool SceneModel::addKey(const attn::Vector &key, const attn::Vector &value)
{
    if (keyCount() >= attn::Scene::kMaxKeys || !finite2(key) || !finite2(value))
        return false;
    attn::Scene s = m_scene;
    const Eigen::Index n = s.keys.rows();
    s.keys.conservativeResize(n + 1, 2);
    s.values.conservativeResize(n + 1, 2);
    s.keys.row(n) = key.transpose();
    s.values.row(n) = value.transpose();
    if (!s.mask.empty())
        s.mask.push_back(false);
    return apply(s);
}

bool SceneModel::removeKey(int index)
{
    if (index < 0 || index >= keyCount() || keyCount() <= 1)
        return false;
    attn::Scene s = m_scene;
    const Eigen::Index n = s.keys.rows();
    auto dropRow = [index, n](attn::Matrix &m) {
        attn::Matrix out(n - 1, m.cols());
        out.topRows(index) = m.topRows(index);
        out.bottomRows(n - 1 - index) = m.bottomRows(n - 1 - index);
        m = std::move(out);
    };
    dropRow(s.keys);
    dropRow(s.values);
    if (!s.mask.empty())
        s.mask.erase(s.mask.begin() + index);
    return apply(s);
}

bool SceneModel::setMasked(int index, bool masked)
{
    if (index < 0 || index >= keyCount())
        return false;
    attn::Scene s = m_scene;
    if (s.mask.empty())
        s.mask.assign(s.keyCount(), false);
    s.mask[index] = masked;
    // A mask with nothing masked is the same as no mask; keep files minimal.
    if (std::none_of(s.mask.begin(), s.mask.end(), [](bool b) { return b; }))
        s.mask.clear();
    return apply(s);
}

void SceneModel::setMethod(attn::Method method)
{
    if (method == m_scene.method)
        return;
    m_scene.method = method;
    recompute();
    emit changed();
}

bool SceneModel::setTemperature(double temperature)
{
    if (!std::isfinite(temperature) || temperature <= 0)
        return false;
    m_scene.temperature = temperature;
    recompute();
    emit changed();
    return true;
}

bool SceneModel::setNormaliser(attn::Normaliser normaliser)
{
    return applyField(&attn::Scene::normaliser, normaliser);
}

bool SceneModel::setSigmoidBias(std::optional<double> bias)
{
    return applyField(&attn::Scene::sigmoidBias, bias);
}

bool SceneModel::setScaleDim(std::optional<double> scaleDim)
{
    return applyField(&attn::Scene::scaleDim, scaleDim);
}

bool SceneModel::setGeneral(const attn::Matrix &w)
{
    return applyField(&attn::Scene::general, w);
}

bool SceneModel::setAdditive(const attn::AdditiveParams &additive)
{
    return applyField(&attn::Scene::additive, additive);
}

bool SceneModel::setMultiHead(const attn::MultiHeadParams &multiHead)
{
    return applyField(&attn::Scene::multiHead, multiHead);
}

void SceneModel::setNormalised(bool on)
{
    if (on == m_normalised)
        return;
    m_normalised = on;
    recompute();
    emit changed();
}

void SceneModel::recompute()
{
    // The normalised view is cosine similarity made visible: like the cosine score it puts only
    // the query and the keys on the unit circle. The values are what gets averaged, not what is
    // compared; normalising them too would change the output as well as the weights.
    if (m_normalised) {
        m_query = unit(m_scene.query);
        m_keys = unitRows(m_scene.keys);
    } else {
        m_query = m_scene.query;
        m_keys = m_scene.keys;
    }
    m_values = m_scene.values;
    m_geometry = attn::keyGeometry(m_query, m_keys);
    auto r = attn::attend(m_query, m_keys, m_values, m_scene.method, m_scene.params());
    keepOutcome(std::move(r), m_result, m_error);
    // The same scores through every normaliser, for the panel that compares them: computed
    // here once per change, so that the panel only reads.
    if (m_result) {
        attn::Matrix rows;
        if (m_result->method == attn::Method::MultiHead) {
            rows.resize(Eigen::Index(m_result->heads.size()), m_result->scores.size());
            for (std::size_t h = 0; h < m_result->heads.size(); ++h)
                rows.row(Eigen::Index(h)) = m_result->heads[h].scores.transpose();
        } else {
            rows = m_result->scores.transpose();
        }
        m_everyNormaliser =
            attn::normaliseEveryWay(rows, m_scene.temperature, m_scene.mask, m_scene.sigmoidBias);
    }
}
