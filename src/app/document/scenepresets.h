#pragma once

#include "core/scene.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

/// The ready-made scenes of the Presets menu. Each is a scene file in resources/scenes/,
/// compiled into the program as the resource ":/scenes/<id>.json" and read with the same loader
/// as any file the user opens (SceneStorage::parse), so a preset is also an example of the format.
class ScenePresets
{
    Q_DECLARE_TR_FUNCTIONS(ScenePresets)

public:
    struct Preset
    {
        QString id;          ///< the file's base name, e.g. "length-beats-angle"
        QString title;       ///< the menu entry, translated
        QString description; ///< what the scene shows, translated (status tip)
    };

    /// Every preset in menu order, with texts in the current language.
    static QList<Preset> all();
    /// The preset with this id; nothing for an unknown id.
    static std::optional<Preset> find(const QString &id);
    /// ":/scenes/<id>.json".
    static QString resourcePath(const QString &id);
    /// Reads and checks the preset's scene; on failure returns nothing with the reason in *error.
    static std::optional<attn::Scene> load(const QString &id, QString *error);
};
