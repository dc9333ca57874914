#pragma once

#include <QString>

class SceneModel;

/// Facts about the learner's scene that the "In your scene" texts of the explanation pages
/// (every method's and softmax's) are written from: which key is longest, closest, masked, and
/// the key names in their colours.
namespace SceneFacts {

/// Beyond this many keys a per-key list stops helping; the chart and the table have them all.
inline constexpr int kListedKeys = 12;

/// Key i of the user's scene, in the colour its arrow and bar have.
QString keyName(const SceneModel &model, int i);
bool masked(const SceneModel &model, int i);
int unmaskedCount(const SceneModel &model);
/// The key with the largest weight; masked keys have weight 0 and never win.
int topWeight(const SceneModel &model);
/// The longest unmasked key, or -1.
int longestKey(const SceneModel &model);
/// The unmasked key at the smallest angle to the query, or -1 when no angle is defined.
int closestKey(const SceneModel &model);
/// The unmasked key at the largest angle to the query, or -1 when no angle is defined.
int widestKey(const SceneModel &model);
/// The model's error as a paragraph in the error colour.
QString errorParagraph(const SceneModel &model);
/// "The largest weight goes to k₂: s = 1.2, w = 0.6." (translated)
QString largestWeight(const SceneModel &model);

} // namespace SceneFacts
