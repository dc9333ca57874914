#include "docktable.h"

#include "panels/explanationpanel.h"
#include "panels/headcanvases.h"
#include "panels/headheatmap.h"
#include "panels/methodpanel.h"
#include "panels/normalisercomparison.h"
#include "panels/steppanel.h"
#include "panels/weightchart.h"
#include "walkthrough/walkthrough.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

const QList<DockSpec> &DockTable::specs()
{
    static const QList<DockSpec> table{
        {"dockMethod", QT_TRANSLATE_NOOP("MainWindow", "Method and parameters"),
         Qt::RightDockWidgetArea,
         [](DockPanels &p) -> QWidget * { return p.method = new MethodPanel(p.editor); }, 1, false,
         -1},
        // The explanation shares the parameters' place: read about a method, then tune it. Its
        // part about this scene names the largest logit and the weights.
        {"dockExplanation", QT_TRANSLATE_NOOP("MainWindow", "Explanation"), Qt::RightDockWidgetArea,
         [](DockPanels &p) -> QWidget * { return p.explanation = new ExplanationPanel(p.model); },
         2, false, Walkthrough::WeightedSum, nullptr, "dockMethod"},
        // Right column over the full height: parameters above the chart.
        {"dockChart", QT_TRANSLATE_NOOP("MainWindow", "Weights and scores"),
         Qt::RightDockWidgetArea,
         [](DockPanels &p) -> QWidget * { return p.chart = new WeightChart(p.model); }, 3, true,
         Walkthrough::Normalisation, "dockMethod"},
        // Under the canvas: steps and heads as tabs, so that the canvas keeps the most room and
        // the table its width.
        {"dockSteps", QT_TRANSLATE_NOOP("MainWindow", "Step by step"), Qt::BottomDockWidgetArea,
         [](DockPanels &p) -> QWidget * {
             p.steps = new StepPanel(p.model, p.selection);
             p.steps->setWalkthrough(p.walkthrough);
             return p.steps;
         },
         4, false, -1},
        // The heat map of heads × keys beside each head's own small canvas, whose beams are
        // drawn by its weights.
        {"dockHeads", QT_TRANSLATE_NOOP("MainWindow", "Heads"), Qt::BottomDockWidgetArea,
         [](DockPanels &p) -> QWidget * {
             auto *split = new QSplitter(Qt::Horizontal);
             p.heatMap = new HeadHeatMap(p.model, split);
             p.headCanvases = new HeadCanvases(p.model, split);
             split->addWidget(p.heatMap);
             split->addWidget(p.headCanvases);
             split->setStretchFactor(0, 1);
             split->setStretchFactor(1, 1);
             return split;
         },
         5, false, Walkthrough::Normalisation, nullptr, "dockSteps"},
        // The four normalisers side by side, wide and low as the bottom docks are; a third tab
        // there, held back as the chart is, since its bars are the weights.
        {"dockNormalisers", QT_TRANSLATE_NOOP("MainWindow", "Normalisers side by side"),
         Qt::BottomDockWidgetArea,
         [](DockPanels &p) -> QWidget * {
             return p.normalisers = new NormaliserComparison(p.model);
         },
         6, false, Walkthrough::Normalisation, nullptr, "dockSteps"},
    };
    return table;
}

DockTable::DockTable(QMainWindow *window, DockPanels &panels) : QObject(window), m_window(window)
{
    const QList<DockSpec> &table = specs();
    for (const DockSpec &spec : table) {
        auto *dock = new QDockWidget(window);
        const QString name = QString::fromLatin1(spec.objectName);
        dock->setObjectName(name);
        dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetFloatable |
                          QDockWidget::DockWidgetMovable);
        // "dockHeads" holds "headsHost", which holds the panel and any note standing in for it.
        auto *host = new QWidget;
        host->setObjectName(name.mid(4, 1).toLower() + name.mid(5) + QStringLiteral("Host"));
        auto *layout = new QVBoxLayout(host);
        layout->setContentsMargins(0, 0, 0, 0);
        QWidget *panel = spec.make(panels);
        layout->addWidget(panel);
        QLabel *note = nullptr;
        if (spec.heldBackUntil >= 0) {
            // A panel held back says so, rather than stand there as a blank box.
            note = new QLabel(host);
            note->setObjectName(QStringLiteral("heldBackLabel"));
            note->setAlignment(Qt::AlignCenter);
            note->setWordWrap(true);
            note->setMargin(12);
            note->hide();
            layout->addWidget(note);
        }
        dock->setWidget(host);
        window->addDockWidget(spec.area, dock);
        m_docks.append(dock);
        m_panels.append(panel);
        m_heldBack.append(note);
    }
    // Splits first: a dock split off one that is already tabbed would join its tabs.
    for (const DockSpec &spec : table)
        if (spec.below)
            window->splitDockWidget(dock(spec.below), dock(spec.objectName), Qt::Vertical);
    for (const DockSpec &spec : table)
        if (spec.tabbedWith)
            window->tabifyDockWidget(dock(spec.tabbedWith), dock(spec.objectName));
    // The first dock of each place is the tab in front.
    for (const DockSpec &spec : table)
        if (!spec.tabbedWith)
            dock(spec.objectName)->raise();
    retranslate();
}

QDockWidget *DockTable::dock(const char *objectName) const
{
    const QList<DockSpec> &table = specs();
    for (qsizetype i = 0; i < table.size(); ++i)
        if (qstrcmp(table[i].objectName, objectName) == 0)
            return m_docks.value(i);
    return nullptr;
}

QList<QDockWidget *> DockTable::presenting() const
{
    QList<QDockWidget *> shown;
    for (qsizetype i = 0; i < m_docks.size(); ++i)
        if (specs()[i].presenting)
            shown.append(m_docks[i]);
    return shown;
}

void DockTable::addToggles(QMenu *menu)
{
    // The docks can be closed; the menu lists them so that they can come back, on Alt+1,
    // Alt+2, … as tool windows are numbered in IDEs.
    for (qsizetype i = 0; i < m_docks.size(); ++i) {
        QAction *toggle = m_docks[i]->toggleViewAction();
        toggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + specs()[i].altNumber)));
        // Its key must bring forward a dock that is open behind another tab, not close it.
        toggle->installEventFilter(this);
        // A closed dock that shares its place with another comes back behind that tab; the user
        // who asked for it wants to see it. Only on the user's trigger: presentation mode and the
        // walkthrough show docks too, and must leave the tab order as it was.
        QDockWidget *dock = m_docks[i];
        connect(toggle, &QAction::triggered, dock, [dock](bool shown) {
            if (shown)
                dock->raise();
        });
        menu->addAction(toggle);
    }
}

bool DockTable::eventFilter(QObject *watched, QEvent *event)
{
    // The Alt+number of a dock that is open but behind another tab: the toggle would close it,
    // while the user asked to see it.
    if (event->type() == QEvent::Shortcut) {
        for (QDockWidget *dock : std::as_const(m_docks)) {
            if (watched != dock->toggleViewAction())
                continue;
            if (!dock->isHidden() && dock->visibleRegion().isEmpty()) {
                dock->raise();
                return true;
            }
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void DockTable::holdBack(const Walkthrough &walkthrough)
{
    // While the class predicts, a panel that would give the answer away waits until the step
    // that computes it is revealed.
    for (qsizetype i = 0; i < m_docks.size(); ++i) {
        if (!m_heldBack[i])
            continue;
        const bool shown = !walkthrough.isActive() || walkthrough.isShown(specs()[i].heldBackUntil);
        m_panels[i]->setVisible(shown);
        m_heldBack[i]->setVisible(!shown);
    }
}

void DockTable::retranslate()
{
    for (qsizetype i = 0; i < m_docks.size(); ++i) {
        const DockSpec &spec = specs()[i];
        m_docks[i]->setWindowTitle(QCoreApplication::translate("MainWindow", spec.title));
        if (m_heldBack[i])
            m_heldBack[i]->setText(tr("Held back until step %1, “%2”, is revealed: predict first.")
                                       .arg(spec.heldBackUntil + 1)
                                       .arg(Walkthrough::title(spec.heldBackUntil)));
    }
}

DockTable::Sizes DockTable::defaultSizes() const
{
    return {std::clamp(int(m_window->width() * 0.3), 390, 580),
            std::clamp(int(m_window->height() * 0.36), 270, 430)};
}

void DockTable::applyDefaultSizes()
{
    const auto [right, bottom] = defaultSizes();
    const int column = std::max(400, m_window->height() - 80);
    QDockWidget *method = dock("dockMethod");
    m_window->resizeDocks({method}, {right}, Qt::Horizontal);
    m_window->resizeDocks({method, dock("dockChart")}, {column * 45 / 100, column * 55 / 100},
                          Qt::Vertical);
    m_window->resizeDocks({dock("dockSteps")}, {bottom}, Qt::Vertical);
}

void DockTable::growSqueezed()
{
    const Sizes want = defaultSizes();
    for (QDockWidget *dock : std::as_const(m_docks)) {
        if (dock->isHidden() || dock->isFloating())
            continue;
        const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
        if (area == Qt::RightDockWidgetArea && dock->width() < want.right)
            m_window->resizeDocks({dock}, {want.right}, Qt::Horizontal);
        else if (area == Qt::BottomDockWidgetArea && dock->height() < want.bottom)
            m_window->resizeDocks({dock}, {want.bottom}, Qt::Vertical);
    }
}
