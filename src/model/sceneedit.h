#pragma once

/// What one undoable edit of the scene does (SceneEditor::Edit): it names the step in the Edit
/// menu ("Undo Move Query") and decides which successive edits merge into one step. Here, below
/// the widgets, because both the editor (document/) and the parameter pages that ask for
/// parameter edits (methods/, through ParameterEdits) name them.
enum class SceneEdit
{
    MoveQuery,
    MoveKey,           ///< index = the key
    MoveValue,         ///< index = the key
    MoveGeneralColumn, ///< index = the column of W
    AddKey,
    RemoveKey, ///< index = the key
    MaskKey,   ///< index = the key
    UnmaskKey, ///< index = the key
    Method,    ///< index = the new attn::Method
    Temperature,
    ScaleDim,
    General,
    ResetGeneral,
    Additive,
    HiddenSize,
    RandomiseAdditive,
    HeadCount,
    ValueDim,
    KeyDim,     ///< index = the head
    Head,       ///< index = the head
    HeadPreset, ///< index = the head
    Output,
    AverageOutput,
    Normaliser ///< index = the new attn::Normaliser
};
