#pragma once

#include <QByteArray>

class SceneModel;

/// The --report JSON: every number the model computed for its scene, at full double precision
/// (17 significant digits), so that scripts and tests can check the app's arithmetic.
class ReportWriter
{
public:
    /// Requires model.hasResult().
    static QByteArray write(const SceneModel &model);
};
