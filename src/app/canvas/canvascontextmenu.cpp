#include "canvas/canvascontextmenu.h"

#include "canvas/canvaswidget.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/landscapelayer.h"
#include "canvas/scenehandles.h"
#include "core/scene.h"
#include "model/scenemodel.h"

#include <QActionGroup>
#include <QMenu>

QMenu *CanvasContextMenu::create(CanvasWidget *canvas, QPoint pos)
{
    auto *menu = new QMenu(canvas);
    const QPointF world = canvas->view().toWorld(pos);
    const VectorHandle h = canvas->handleAt(pos);
    const int key = h.isKeyRow() ? h.index : -1;
    const SceneModel *model = canvas->model();

    QAction *add = menu->addAction(tr("Add key here"));
    add->setObjectName(QStringLiteral("addKeyHere"));
    add->setEnabled(model->keyCount() < attn::Scene::kMaxKeys);
    QObject::connect(add, &QAction::triggered, canvas,
                     [canvas, world] { canvas->addKeyAt(world); });

    QAction *remove = menu->addAction(tr("Remove this key"));
    remove->setObjectName(QStringLiteral("removeKey"));
    remove->setEnabled(key >= 0);
    QObject::connect(remove, &QAction::triggered, canvas,
                     [canvas, key] { canvas->removeKey(key); });

    const bool masked = key >= 0 && canvas->handles().isMasked(key);
    QAction *mask = menu->addAction(masked ? tr("Unmask this key") : tr("Mask this key"));
    mask->setObjectName(QStringLiteral("toggleMask"));
    mask->setEnabled(key >= 0);
    QObject::connect(mask, &QAction::triggered, canvas, [canvas, key] { canvas->toggleMask(key); });

    QAction *coordinates = menu->addAction(tr("Set &Coordinates…"));
    coordinates->setObjectName(QStringLiteral("setCoordinates"));
    coordinates->setEnabled(h.isValid());
    QObject::connect(coordinates, &QAction::triggered, canvas,
                     [canvas, h] { canvas->editCoordinates(h); });

    addLandscapeActions(canvas, menu);
    menu->addSeparator();
    QAction *legend = menu->addAction(tr("Show &Legend"));
    legend->setObjectName(QStringLiteral("showLegend"));
    legend->setCheckable(true);
    legend->setChecked(canvas->legendVisible());
    QObject::connect(legend, &QAction::toggled, canvas, &CanvasWidget::setLegendVisible);
    GradientArrowLayer *gradient = GradientArrowLayer::of(canvas);
    QAction *arrow = menu->addAction(tr("&Which Way Should q Move"));
    arrow->setObjectName(QStringLiteral("gradientArrow"));
    arrow->setCheckable(true);
    arrow->setChecked(gradient->isShown());
    QObject::connect(arrow, &QAction::toggled, gradient, &GradientArrowLayer::setShown);
    QAction *fit = menu->addAction(tr("Fit all"));
    fit->setObjectName(QStringLiteral("fitAll"));
    QObject::connect(fit, &QAction::triggered, canvas, &CanvasWidget::fitAll);
    QAction *reset = menu->addAction(tr("Reset view"));
    reset->setObjectName(QStringLiteral("resetView"));
    QObject::connect(reset, &QAction::triggered, canvas, &CanvasWidget::resetView);
    return menu;
}

void CanvasContextMenu::addLandscapeActions(CanvasWidget *canvas, QMenu *menu)
{
    // Multi-head has one landscape per head; the menu picks one or their mean.
    const attn::Scene &scene = canvas->model()->scene();
    if (!canvas->landscapeVisible() || scene.method != attn::Method::MultiHead)
        return;
    menu->addSeparator();
    QMenu *heads = menu->addMenu(tr("Landscape of"));
    heads->setObjectName(QStringLiteral("landscapeHeads"));
    auto *group = new QActionGroup(heads);
    const int current = canvas->landscape()->effectiveHead();
    const int count = int(scene.multiHead.heads.size());
    for (int head = attn::kMeanOfHeads; head < count; ++head) {
        QAction *a = heads->addAction(head == attn::kMeanOfHeads ? tr("Mean over heads")
                                                                 : tr("Head %1").arg(head + 1));
        a->setCheckable(true);
        a->setChecked(head == current);
        a->setData(head);
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, canvas,
                         [canvas, head] { canvas->setLandscapeHead(head); });
    }
}
