#pragma once

// The canvas as the canvas tests drive it: a scene model, its editor and a selection, and the
// canvas filling an 800 × 600 window, shown and exposed. The tests keep the parts as members.

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/shownwindow.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"

#include <QVBoxLayout>
#include <QWidget>

#include <memory>

namespace canvaswindow {

/// Builds a new window with the parts in it and shows it; false when it is not exposed in time.
inline bool open(std::unique_ptr<QWidget> &window, SceneModel *&model, SceneEditor *&editor,
                 Selection *&selection, CanvasWidget *&canvas)
{
    window = std::make_unique<QWidget>();
    model = new SceneModel(window.get());
    selection = new Selection(window.get());
    auto *layout = new QVBoxLayout(window.get());
    layout->setContentsMargins(0, 0, 0, 0);
    editor = new SceneEditor(model, window.get());
    canvas = new CanvasWidget(editor, selection);
    layout->addWidget(canvas);
    return shownwindow::show(*window, shownwindow::Wait::Exposed, QSize(800, 600));
}

} // namespace canvaswindow
