#pragma once

#include "core/params.h"
#include "core/types.h"
#include "model/sceneedit.h"

#include <optional>

class SceneModel;

/// The edits a method's parameter page may make, undoably. SceneEditor (document/) implements
/// it; the pages (methods/, which every room may include) edit through it, so that methods/
/// never includes a room. See SceneEditor for what each does and how steps merge.
class ParameterEdits
{
public:
    virtual ~ParameterEdits() = default;

    virtual SceneModel *model() const = 0;
    virtual bool setScaleDim(std::optional<double> scaleDim) = 0;
    /// An `entry` ≥ 0 is the field being typed into: successive edits with the same edit, index
    /// and entry merge into one step.
    virtual bool setGeneral(const attn::Matrix &w, SceneEdit edit = SceneEdit::General,
                            int index = -1, int entry = -1) = 0;
    virtual bool setAdditive(const attn::AdditiveParams &additive,
                             SceneEdit edit = SceneEdit::Additive, int entry = -1) = 0;
    virtual bool setMultiHead(const attn::MultiHeadParams &multiHead,
                              SceneEdit edit = SceneEdit::Head, int index = -1, int entry = -1) = 0;
};
