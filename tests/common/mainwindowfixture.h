#pragma once

// The whole window as a user opens it, for the tests that keep the model and the window as
// members: one copy of "new model, new window on it, shown, wait until it is on screen".

#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"

#include <QSize>

#include <memory>

/// Makes `model` and then `window` on it anew (in that order, as a test's members are replaced)
/// and shows the window, at `size` when given, else at its own size. False when the window is
/// not exposed in time.
[[nodiscard]] inline bool openMainWindow(std::unique_ptr<SceneModel> &model,
                                         std::unique_ptr<MainWindow> &window, QSize size = {})
{
    model = std::make_unique<SceneModel>();
    window = std::make_unique<MainWindow>(model.get());
    return showAndWait(*window, size);
}
