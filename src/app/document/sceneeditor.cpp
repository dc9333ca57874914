#include "document/sceneeditor.h"

#include "core/emptiestdirection.h"
#include "document/scenecommand.h"
#include "methods/methodnames.h"
#include "methods/normalisernames.h"
#include "model/scenemodel.h"

#include <QUndoStack>

#include <cmath>
#include <numbers>

SceneEditor::SceneEditor(SceneModel *model, QObject *parent)
    : QObject(parent), m_model(model), m_stack(new QUndoStack(this))
{
    connect(m_stack, &QUndoStack::cleanChanged, this, &SceneEditor::cleanChanged);
}

SceneEditor::~SceneEditor() = default;

bool SceneEditor::record(Edit edit, int index, int entry, const std::function<bool()> &apply)
{
    const bool move = edit == Edit::MoveQuery || edit == Edit::MoveKey || edit == Edit::MoveValue ||
                      edit == Edit::MoveGeneralColumn;
    if (!move)
        interruptDrag();
    attn::Scene before = m_model->scene();
    if (!apply())
        return false;
    if (SceneCommand::same(before, m_model->scene()))
        return true;
    MergeKey merge;
    if (m_dragging)
        merge = {0, 0, 0, m_dragSerial};
    else if (entry >= 0)
        merge = {int(edit) + 1, index, entry, 0};
    m_stack->push(new SceneCommand(this, edit, index, merge, std::move(before), m_model->scene()));
    return true;
}

bool SceneEditor::setQuery(const attn::Vector &query)
{
    return record(Edit::MoveQuery, -1, -1, [&] { return m_model->setQuery(query); });
}

bool SceneEditor::setKey(int index, const attn::Vector &key)
{
    return record(Edit::MoveKey, index, -1, [&] { return m_model->setKey(index, key); });
}

bool SceneEditor::setValue(int index, const attn::Vector &value)
{
    return record(Edit::MoveValue, index, -1, [&] { return m_model->setValue(index, value); });
}

bool SceneEditor::addKey(const attn::Vector &key, const attn::Vector &value)
{
    return record(Edit::AddKey, m_model->keyCount(), -1,
                  [&] { return m_model->addKey(key, value); });
}

bool SceneEditor::removeKey(int index)
{
    return record(Edit::RemoveKey, index, -1, [&] { return m_model->removeKey(index); });
}

bool SceneEditor::setMasked(int index, bool masked)
{
    return record(masked ? Edit::MaskKey : Edit::UnmaskKey, index, -1,
                  [&] { return m_model->setMasked(index, masked); });
}

int SceneEditor::addKeyInEmptiestDirection()
{
    const int n = m_model->keyCount();
    if (n >= attn::Scene::kMaxKeys)
        return -1;
    const double rad = attn::emptiestDirection(m_model->scene().keys) * std::numbers::pi / 180;
    attn::Vector key(2);
    key << attn::roundToStep(std::cos(rad), 0.01), attn::roundToStep(std::sin(rad), 0.01);
    return addKey(key, key) ? n : -1;
}

int SceneEditor::addKeyTowards(const attn::Vector &key)
{
    const int n = m_model->keyCount();
    if (n >= attn::Scene::kMaxKeys || key.size() != 2)
        return -1;
    const double length = std::hypot(key[0], key[1]);
    attn::Vector value(2);
    if (length > 0)
        value << attn::roundToStep(key[0] / length, 0.01), attn::roundToStep(key[1] / length, 0.01);
    else
        value << 1, 0;
    return addKey(key, value) ? n : -1;
}

bool SceneEditor::toggleMasked(int index)
{
    const attn::Mask &mask = m_model->scene().mask;
    const bool masked = index >= 0 && index < int(mask.size()) && mask[index];
    return setMasked(index, !masked);
}

bool SceneEditor::setMethod(attn::Method method)
{
    return record(Edit::Method, int(method), -1, [&] {
        m_model->setMethod(method);
        return true;
    });
}

bool SceneEditor::setNormaliser(attn::Normaliser normaliser)
{
    if (normaliser == m_model->scene().normaliser)
        return true;
    return record(Edit::Normaliser, int(normaliser), -1,
                  [&] { return m_model->setNormaliser(normaliser); });
}

bool SceneEditor::setTemperature(double temperature)
{
    // One step for a whole slide of the slider or for the digits typed into the box.
    return record(Edit::Temperature, -1, 0, [&] { return m_model->setTemperature(temperature); });
}

bool SceneEditor::setScaleDim(std::optional<double> scaleDim)
{
    return record(Edit::ScaleDim, -1, 0, [&] { return m_model->setScaleDim(scaleDim); });
}

bool SceneEditor::setGeneral(const attn::Matrix &w, Edit edit, int index, int entry)
{
    return record(edit, index, entry, [&] { return m_model->setGeneral(w); });
}

bool SceneEditor::setAdditive(const attn::AdditiveParams &additive, Edit edit, int entry)
{
    return record(edit, -1, entry, [&] { return m_model->setAdditive(additive); });
}

bool SceneEditor::setMultiHead(const attn::MultiHeadParams &multiHead, Edit edit, int index,
                               int entry)
{
    return record(edit, index, entry, [&] { return m_model->setMultiHead(multiHead); });
}

void SceneEditor::beginDrag()
{
    m_dragging = true;
    ++m_dragSerial;
}

void SceneEditor::endDrag()
{
    m_dragging = false;
}

void SceneEditor::interruptDrag()
{
    if (m_dragging)
        emit dragInterrupted();
    // Whoever held the tip has let go; without a view listening, the drag ends here anyway.
    m_dragging = false;
}

std::optional<attn::Error> SceneEditor::resetScene(const attn::Scene &scene)
{
    interruptDrag();
    if (auto error = m_model->setScene(scene))
        return error;
    m_dragging = false;
    m_stack->clear();
    // clear() returns early on an empty stack, which keeps an unsaved state (setUnsaved) that
    // the new document must not inherit.
    m_stack->setClean();
    return std::nullopt;
}

bool SceneEditor::isClean() const
{
    return m_stack->isClean();
}

void SceneEditor::setClean()
{
    m_stack->setClean();
}

void SceneEditor::setUnsaved()
{
    m_stack->resetClean();
}

QString SceneEditor::describe(Edit edit, int index)
{
    const int n = index + 1;
    switch (edit) {
    case Edit::MoveQuery:
        return tr("Move Query");
    case Edit::MoveKey:
        return tr("Move Key %1").arg(n);
    case Edit::MoveValue:
        return tr("Move Value %1").arg(n);
    case Edit::MoveGeneralColumn:
        return tr("Move Column %1 of W").arg(n);
    case Edit::AddKey:
        return tr("Add Key");
    case Edit::RemoveKey:
        return tr("Remove Key %1").arg(n);
    case Edit::MaskKey:
        return tr("Mask Key %1").arg(n);
    case Edit::UnmaskKey:
        return tr("Unmask Key %1").arg(n);
    case Edit::Method:
        return tr("Change Method to %1").arg(MethodNames::name(attn::Method(index)));
    case Edit::Temperature:
        return tr("Change Temperature");
    case Edit::ScaleDim:
        return tr("Change Scaling Dimension");
    case Edit::General:
        return tr("Edit W");
    case Edit::ResetGeneral:
        return tr("Reset W");
    case Edit::Additive:
        return tr("Edit Additive Parameters");
    case Edit::HiddenSize:
        return tr("Change Hidden Size");
    case Edit::RandomiseAdditive:
        return tr("Randomise Additive Parameters");
    case Edit::HeadCount:
        return tr("Change Number of Heads");
    case Edit::ValueDim:
        return tr("Change Value Dimension");
    case Edit::KeyDim:
        return tr("Change Key Dimension of Head %1").arg(n);
    case Edit::Head:
        return tr("Edit Head %1").arg(n);
    case Edit::HeadPreset:
        return tr("Apply Preset to Head %1").arg(n);
    case Edit::Output:
        return tr("Edit W_O");
    case Edit::AverageOutput:
        return tr("Average the Heads");
    case Edit::Normaliser:
        return tr("Change Normaliser to %1").arg(NormaliserNames::name(attn::Normaliser(index)));
    }
    return {};
}

void SceneEditor::retranslate()
{
    for (int i = 0; i < m_stack->count(); ++i) {
        // Every step on this stack is a SceneCommand; the cast is only to reach its edit.
        auto *command =
            const_cast<SceneCommand *>(static_cast<const SceneCommand *>(m_stack->command(i)));
        command->setText(describe(command->edit(), command->index()));
    }
}
