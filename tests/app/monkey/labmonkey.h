#pragma once

// The monkey on the Lab: tokens dragged on the self-attention canvas, every slider, box and
// preset of both tabs. After every event: finite numbers in the self-attention result and no
// drag without a held button.

#include "app/monkey/windowmonkey.h"
#include "lab/labwindow.h"
#include "lab/selfattentionpage.h"
#include "lab/tokencanvas.h"
#include "model/selfattentionmodel.h"

#include <memory>

class LabMonkey : public WindowMonkey
{
public:
    bool start() override
    {
        m_window = std::make_unique<LabWindow>();
        m_window->showTab(LabWindow::Tab::SelfAttention);
        return showWindow(m_window.get(), QSize(1280, 800));
    }

    QString check() override
    {
        const SelfAttentionModel &m = *m_window->selfAttentionModel();
        if (!monkey::allFinite(m.tokens()))
            return QStringLiteral("finite: a token");
        if (m.hasResult()) {
            const attn::SelfAttentionResult &r = m.result();
            if (!monkey::allFinite(r.q) || !monkey::allFinite(r.k) || !monkey::allFinite(r.v) ||
                !monkey::allFinite(r.scaledScores) || !monkey::allFinite(r.weights) ||
                !monkey::allFinite(r.output))
                return QStringLiteral("finite: the self-attention result");
        }
        TokenCanvas *c = canvas();
        if (m_held == Qt::NoButton && c->draggedToken() >= 0)
            return QStringLiteral("drag: token %1 dragged with no button held")
                .arg(c->draggedToken());
        if (c->draggedToken() >= m.tokenCount())
            return QStringLiteral("drag: token %1 dragged, %2 tokens")
                .arg(c->draggedToken())
                .arg(m.tokenCount());
        return {};
    }

protected:
    TokenCanvas *canvas() const { return m_window->selfAttentionPage()->canvas(); }
    QWidget *window() const override { return m_window.get(); }
    QWidget *plane() const override { return canvas(); }
    QList<QPointF> pointPositions() const override
    {
        QList<QPointF> out;
        for (int i = 0; i < m_window->selfAttentionModel()->tokenCount(); ++i)
            out << canvas()->tokenPosition(i);
        return out;
    }
    int ownWeight() const override { return 1; }
    void own(const MonkeyAction &a) override
    {
        m_window->showTab(a.variant % 2 ? LabWindow::Tab::SelfAttention
                                        : LabWindow::Tab::DimensionLab);
    }
    void destroy() override { m_window.reset(); }

private:
    std::unique_ptr<LabWindow> m_window;
};
