#pragma once

#include "error.h"
#include "json.h"
#include "scene.h"

#include <string>
#include <string_view>

namespace attn {

inline constexpr const char *kSceneFormat = "attention-canvas-scene";
inline constexpr int kSceneVersion = 1;
inline constexpr std::size_t kMaxSceneBytes = 1024 * 1024;
/// Largest hidden size H of the additive score a scene may hold.
inline constexpr int kMaxAdditiveHidden = 16;
/// Largest number of heads a multi-head scene may hold.
inline constexpr int kMaxHeads = 8;

/// Reads a scene file (JSON, UTF-8). Every problem is an Error whose subject is the field path
/// ("keys[2][1]") and whose code says what is wrong; nothing is thrown, nothing crashes.
Result<Scene> parseScene(std::string_view text);
/// The same from JSON already parsed (a scene inside another document, such as a lesson's step).
Result<Scene> readScene(const JsonValue &root);

/// Writes a scene in the documented form; parseScene(writeScene(s)) gives s back exactly
/// (every number is written with the fewest of 15, 16 or 17 significant digits that read back
/// bit for bit). The mask is written only when a key is masked, so a mask of all false reads
/// back as the equivalent empty mask.
std::string writeScene(const Scene &scene);

/// Checks a scene built in memory (sizes, finiteness, key count) with the same rules as the loader.
Result<bool> validateScene(const Scene &scene);

} // namespace attn
