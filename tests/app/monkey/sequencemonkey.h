#pragma once

// The monkey on the Sequence window: embeddings dragged on the plane, sentences and numbers
// typed, positions, presets, the causal mask, undo, and training started, stepped, stopped,
// reset and scrubbed. After every event: finite numbers in the session's passes (the window's
// and the Training view's) and no drag without a held button.

#include "app/monkey/windowmonkey.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"

#include <QCheckBox>
#include <QPushButton>
#include <QSlider>

#include <memory>

class SequenceMonkey : public WindowMonkey
{
public:
    bool start() override
    {
        m_window = std::make_unique<SequenceWindow>();
        return showWindow(m_window.get(), QSize(1280, 800));
    }

    QString check() override
    {
        if (QString why = checkSession(*m_window->session(), "session"); !why.isEmpty())
            return why;
        if (QString why = checkSession(*m_window->trainingView()->viewSession(), "training view");
            !why.isEmpty())
            return why;
        SequenceEmbeddingCanvas *plane = m_window->embeddingCanvas();
        if (m_held == Qt::NoButton && plane->draggedToken() >= 0)
            return QStringLiteral("drag: embedding %1 dragged with no button held")
                .arg(plane->draggedToken());
        const int vocabulary = int(m_window->session()->model().weights.embedding.rows());
        if (plane->draggedToken() >= vocabulary)
            return QStringLiteral("drag: embedding %1 dragged, %2 in the vocabulary")
                .arg(plane->draggedToken())
                .arg(vocabulary);
        return {};
    }

protected:
    QWidget *window() const override { return m_window.get(); }
    QWidget *plane() const override { return m_window->embeddingCanvas(); }
    QList<QPointF> pointPositions() const override
    {
        QList<QPointF> out;
        const attn::Matrix &e = m_window->session()->model().weights.embedding;
        if (e.cols() < 2)
            return out;
        for (int t = 0; t < int(e.rows()); ++t)
            out << m_window->embeddingCanvas()->toWidget(e(t, 0), e(t, 1));
        return out;
    }
    bool forbidden(QAbstractButton *b) const override
    {
        // Open and save show file dialogs; the training view's save and export write files.
        if (b == m_window->openButton() || b == m_window->saveButton())
            return true;
        TrainingView *t = m_window->trainingView();
        return t->isAncestorOf(b) && b != t->playButton() && b != t->stepButton() &&
               b != t->resetButton() && b != t->continueButton() && !qobject_cast<QCheckBox *>(b);
    }
    QStringList extraTexts() const override
    {
        return {QStringLiteral("the cat sat on the mat"),
                QStringLiteral("猫坐在垫子上"),
                QStringLiteral("zzz unknown words"),
                QStringLiteral("a b a b a b a b a b a b"),
                QStringLiteral(" "),
                QString(300, QLatin1Char('a'))};
    }
    int ownWeight() const override { return 6; }
    void own(const MonkeyAction &a) override
    {
        TrainingView *t = m_window->trainingView();
        switch (a.variant % 8) {
        case 0:
        case 1: {
            const QStringList presets = SequenceSession::presetPaths();
            if (!presets.isEmpty() && monkey::reachable(m_window.get()))
                m_window->loadPreset(presets.at(MonkeyAction::choose(a.pick, presets.size())));
            break;
        }
        case 2:
            m_window->tabs()->setCurrentIndex(SequenceWindow::kTrainingTab);
            clickIfReachable(t->playButton()); // play, or pause when it runs
            break;
        case 3:
            m_window->tabs()->setCurrentIndex(SequenceWindow::kTrainingTab);
            clickIfReachable(t->stepButton());
            break;
        case 4:
            clickIfReachable(t->resetButton());
            break;
        case 5: {
            // Scrub the timeline to a place, then maybe continue from there.
            QSlider *timeline = t->timeline();
            if (monkey::reachable(timeline)) {
                timeline->setFocus(Qt::MouseFocusReason);
                QTest::keyClick(timeline, a.pick % 2 ? Qt::Key_Home : Qt::Key_PageDown);
                if (a.pick % 3 == 0)
                    clickIfReachable(t->continueButton());
            }
            break;
        }
        case 6:
            // Training runs in a worker: give it time to report.
            QTest::qWait(int(a.pick % 50));
            break;
        default:
            clickIfReachable(m_window->undoButton());
            break;
        }
    }
    void destroy() override
    {
        if (m_window)
            m_window->trainingView()->session()->pause();
        m_window.reset();
    }

private:
    static void clickIfReachable(QAbstractButton *b)
    {
        if (b && monkey::reachable(b))
            QTest::mouseClick(b, Qt::LeftButton);
    }

    static QString checkSession(const SequenceSession &s, const char *which)
    {
        if (!s.hasResult())
            return {};
        for (const attn::SequenceForward *f : {&s.forward(), &s.unshifted()}) {
            if (!monkey::allFinite(f->input) || !monkey::allFinite(f->logits))
                return QStringLiteral("finite: %1's input or logits").arg(QLatin1String(which));
            for (const attn::SequenceLayerForward &layer : f->layers) {
                if (!monkey::allFinite(layer.output))
                    return QStringLiteral("finite: %1's layer output").arg(QLatin1String(which));
                for (const attn::SequenceHeadForward &h : layer.heads)
                    if (!monkey::allFinite(h.q) || !monkey::allFinite(h.k) ||
                        !monkey::allFinite(h.v) || !monkey::allFinite(h.weights) ||
                        !monkey::allFinite(h.output))
                        return QStringLiteral("finite: %1's head").arg(QLatin1String(which));
            }
        }
        return {};
    }

    std::unique_ptr<SequenceWindow> m_window;
};
