#include "lab/tokencanvas.h"

#include "model/selfattentionmodel.h"
#include "text/arrowpainter.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"
#include "widgets/pointerloss.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace {
constexpr double kMinExtent = 2.0;
constexpr double kMargin = 28.0;
constexpr double kFaint = 0.22;
} // namespace

TokenCanvas::TokenCanvas(SelfAttentionModel *model, QWidget *parent)
    : QWidget(parent), m_model(model)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    retranslate();
    connect(m_model, &SelfAttentionModel::changed, this, [this] {
        // A token removed under the drag (the token count lowered from the keyboard): the index
        // held no longer names it.
        if (m_dragged >= m_model->tokenCount())
            endDrag();
        refresh();
    });
    fitView(true);
}

QSize TokenCanvas::sizeHint() const
{
    return QSize(520, 440);
}

QSize TokenCanvas::minimumSizeHint() const
{
    return QSize(260, 220);
}

void TokenCanvas::setSelectedToken(int index)
{
    index = std::clamp(index, 0, m_model->tokenCount() - 1);
    if (index == m_selected)
        return;
    m_selected = index;
    update();
    emit selectedTokenChanged(index);
}

void TokenCanvas::setLayerVisible(Layer layer, bool visible)
{
    m_layers[int(layer)] = visible;
    fitView(true);
    update();
}

QPointF TokenCanvas::tokenPosition(int index) const
{
    const attn::Vector x = m_model->token(index);
    return m_view.toScreen(QPointF(x[0], x[1]));
}

int TokenCanvas::tokenAt(QPointF screen) const
{
    int best = -1;
    double bestDistance = kGrabRadius;
    for (int i = 0; i < m_model->tokenCount(); ++i) {
        const double d = QLineF(screen, tokenPosition(i)).length();
        if (d <= bestDistance) {
            best = i;
            bestDistance = d;
        }
    }
    return best;
}

void TokenCanvas::refresh()
{
    if (m_selected >= m_model->tokenCount())
        setSelectedToken(m_model->tokenCount() - 1);
    // The picture must not rescale under the hand during a drag.
    if (m_dragged < 0)
        fitView(false);
    update();
}

void TokenCanvas::fitView(bool force)
{
    double needed = kMinExtent;
    auto take = [&needed](const attn::Matrix &m) {
        if (m.size() > 0)
            needed = std::max(needed, 1.1 * m.cwiseAbs().maxCoeff());
    };
    take(m_model->tokens());
    if (m_model->hasResult()) {
        const attn::SelfAttentionResult &r = m_model->result();
        if (m_layers[int(Layer::Query)])
            take(r.q);
        if (m_layers[int(Layer::Key)])
            take(r.k);
        if (m_layers[int(Layer::Value)])
            take(r.v);
        if (m_layers[int(Layer::Output)])
            take(r.output);
    }
    // Some slack either way, so that small edits do not make the grid breathe.
    if (!force && needed <= m_extent && needed >= 0.6 * m_extent)
        return;
    m_extent = std::ceil(needed * 2) / 2;
    m_view.fit(QRectF(-m_extent, -m_extent, 2 * m_extent, 2 * m_extent), size(), kMargin);
}

void TokenCanvas::resizeEvent(QResizeEvent *event)
{
    fitView(true);
    QWidget::resizeEvent(event);
}

void TokenCanvas::retranslate()
{
    setAccessibleName(tr("Tokens"));
    setToolTip(
        tr("Drag a token xᵢ to move it; click one to see whom it attends to. The keys 1 to 8 "
           "select a token, the arrow keys move it."));
}

void TokenCanvas::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        update();
    }
    QWidget::changeEvent(event);
}

bool TokenCanvas::event(QEvent *event)
{
    if (losesPointer(event))
        endDrag();
    return QWidget::event(event);
}

void TokenCanvas::endDrag()
{
    if (m_dragged < 0)
        return;
    m_dragged = -1;
    unsetCursor();
    fitView(false);
    update();
}

void TokenCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const int token = tokenAt(event->position());
    if (token < 0)
        return;
    setSelectedToken(token);
    m_dragged = token;
    m_grabOffset = tokenPosition(token) - event->position();
    setCursor(Qt::ClosedHandCursor);
}

void TokenCanvas::mouseMoveEvent(QMouseEvent *event)
{
    // The release went elsewhere: the drag is over.
    if (m_dragged >= 0 && !(event->buttons() & Qt::LeftButton))
        endDrag();
    if (m_dragged >= 0) {
        const QPointF world = m_view.toWorld(event->position() + m_grabOffset);
        attn::Vector x(2);
        x << world.x(), world.y();
        m_model->setToken(m_dragged, x);
        return;
    }
    const int hovered = tokenAt(event->position());
    if (hovered != m_hovered) {
        m_hovered = hovered;
        setCursor(hovered >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
        update();
    }
}

void TokenCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_dragged >= 0) {
        m_dragged = -1;
        setCursor(tokenAt(event->position()) >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
        fitView(false);
        update();
    }
}

void TokenCanvas::keyPressEvent(QKeyEvent *event)
{
    QPointF step;
    switch (event->key()) {
    case Qt::Key_Left:
        step = QPointF(-kNudge, 0);
        break;
    case Qt::Key_Right:
        step = QPointF(kNudge, 0);
        break;
    case Qt::Key_Up:
        step = QPointF(0, kNudge);
        break;
    case Qt::Key_Down:
        step = QPointF(0, -kNudge);
        break;
    case Qt::Key_Tab:
    case Qt::Key_Backtab:
        QWidget::keyPressEvent(event);
        return;
    default:
        // 1…8 select a token.
        if (event->key() >= Qt::Key_1 && event->key() < Qt::Key_1 + m_model->tokenCount()) {
            setSelectedToken(event->key() - Qt::Key_1);
            return;
        }
        QWidget::keyPressEvent(event);
        return;
    }
    attn::Vector x = m_model->token(m_selected);
    x[0] += step.x();
    x[1] += step.y();
    m_model->setToken(m_selected, x);
}

void TokenCanvas::drawGrid(QPainter &painter) const
{
    const QRectF world = m_view.visibleWorld();
    // Half units when they are at least 24 px apart, else whole units.
    const double step = m_view.toPixels(0.5) >= 24 ? 0.5 : 1.0;
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (double x = std::ceil(world.left() / step) * step; x <= world.right(); x += step) {
        const bool whole = std::abs(x - std::round(x)) < 1e-9;
        painter.setPen(whole ? ColorScheme::grid().darker(112) : ColorScheme::grid());
        const double sx = std::round(m_view.toScreen(QPointF(x, 0)).x()) + 0.5;
        painter.drawLine(QPointF(sx, 0), QPointF(sx, height()));
    }
    for (double y = std::ceil(world.top() / step) * step; y <= world.bottom(); y += step) {
        const bool whole = std::abs(y - std::round(y)) < 1e-9;
        painter.setPen(whole ? ColorScheme::grid().darker(112) : ColorScheme::grid());
        const double sy = std::round(m_view.toScreen(QPointF(0, y)).y()) + 0.5;
        painter.drawLine(QPointF(0, sy), QPointF(width(), sy));
    }
    const QPointF o = m_view.toScreen(QPointF(0, 0));
    painter.setPen(QPen(ColorScheme::axis(), 1.5));
    painter.drawLine(QPointF(0, o.y()), QPointF(width(), o.y()));
    painter.drawLine(QPointF(o.x(), 0), QPointF(o.x(), height()));
    // Whole-unit tick labels along the axes.
    painter.setPen(ColorScheme::axis());
    const QFontMetrics fm(font());
    for (int i = int(std::ceil(world.left())); i <= int(std::floor(world.right())); ++i) {
        if (i == 0)
            continue;
        const QPointF p = m_view.toScreen(QPointF(i, 0));
        if (p.x() < 16 || p.x() > width() - 16)
            continue; // a label cut by the border reads as another number
        painter.drawText(QRectF(p.x() - 20, p.y() + 2, 40, fm.height()), Qt::AlignHCenter,
                         QString::number(i).replace(QLatin1Char('-'), QChar(0x2212)));
    }
    for (int i = int(std::ceil(world.top())); i <= int(std::floor(world.bottom())); ++i) {
        if (i == 0)
            continue;
        const QPointF p = m_view.toScreen(QPointF(0, i));
        if (p.y() < fm.height() || p.y() > height() - fm.height())
            continue;
        painter.drawText(QRectF(p.x() - 44, p.y() - fm.height() / 2.0, 40, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter,
                         QString::number(i).replace(QLatin1Char('-'), QChar(0x2212)));
    }
}

namespace {
// The legend's rows, in order: the token, then one per layer.
QString legendRow(int row)
{
    switch (row) {
    case 0:
        return TokenCanvas::tr("token x<sub>i</sub> (drag it)");
    case 1:
        return TokenCanvas::tr("query q<sub>i</sub> = x<sub>i</sub> W<sub>q</sub>");
    case 2:
        return TokenCanvas::tr("key k<sub>i</sub> = x<sub>i</sub> W<sub>k</sub>");
    case 3:
        return TokenCanvas::tr("value v<sub>i</sub> = x<sub>i</sub> W<sub>v</sub>");
    default:
        break;
    }
    return TokenCanvas::tr("output y<sub>i</sub> = Σ<sub>j</sub> w<sub>ij</sub> v<sub>j</sub>");
}
} // namespace

QRectF TokenCanvas::tokenLabelRect(int index) const
{
    // Beside the token across its direction from the origin: the labels of arrows that end on
    // the token (q = x under the identity) sit beyond it along that direction.
    const QFontMetrics fm(font());
    const QPointF p = tokenPosition(index);
    const QPointF origin = m_view.toScreen(QPointF(0, 0));
    const QString label = QStringLiteral("x") + NumberFormat::subscript(index + 1);
    QPointF dir = p - origin;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 1 ? dir / len : QPointF(1, 0);
    QPointF across(dir.y(), -dir.x());
    if (across.y() > 0)
        across = -across;
    // Bold, as drawn.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const QSizeF size(bfm.horizontalAdvance(label) + 6, fm.height());
    const QPointF centre = p + across * (0.5 * std::hypot(size.width(), size.height()) + 8);
    return QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size);
}

QSize TokenCanvas::legendSize() const
{
    const QFontMetrics fm(font());
    const int line = fm.height() + 4;
    int width = 0, count = 0;
    for (int i = 0; i < 5; ++i) {
        if (i > 0 && !m_layers[i - 1])
            continue;
        QTextDocument text;
        text.setDocumentMargin(0);
        text.setDefaultFont(font());
        text.setHtml(legendRow(i));
        width = std::max(width, int(std::ceil(text.idealWidth())));
        ++count;
    }
    return QSize(width + 48, count * line + 8);
}

QRect TokenCanvas::legendRect() const
{
    // In the corner that covers the least: tokens and their labels above all (they are what the
    // hand grabs and reads), then the arrows' tips.
    const QSize size = legendSize();
    const QRect corners[] = {
        QRect(QPoint(8, 8), size), QRect(QPoint(width() - 8 - size.width(), 8), size),
        QRect(QPoint(8, height() - 8 - size.height()), size),
        QRect(QPoint(width() - 8 - size.width(), height() - 8 - size.height()), size)};
    QList<QPointF> tips;
    if (m_model->hasResult()) {
        const attn::SelfAttentionResult &r = m_model->result();
        const attn::Matrix *mats[] = {&r.q, &r.k, &r.v, &r.output};
        for (int layer = 0; layer < 4; ++layer) {
            if (!m_layers[layer])
                continue;
            for (int i = 0; i < m_model->tokenCount(); ++i)
                tips << m_view.toScreen(QPointF((*mats[layer])(i, 0), (*mats[layer])(i, 1)));
        }
    }
    int best = 0;
    double bestCost = 0;
    for (int c = 0; c < 4; ++c) {
        const QRectF box = QRectF(corners[c]).adjusted(-4, -4, 4, 4);
        double cost = 0;
        for (int i = 0; i < m_model->tokenCount(); ++i) {
            const QPointF p = tokenPosition(i);
            if (box.intersects(QRectF(p - QPointF(12, 12), QSizeF(24, 24))))
                cost += 10;
            if (box.intersects(tokenLabelRect(i)))
                cost += 10;
        }
        for (const QPointF &t : std::as_const(tips))
            cost += box.contains(t) ? 1 : 0;
        if (c == 0 || cost < bestCost) {
            best = c;
            bestCost = cost;
        }
    }
    return corners[best];
}

void TokenCanvas::drawLegend(QPainter &painter) const
{
    const QFontMetrics fm(font());
    const int line = fm.height() + 4;
    using Role = ColorScheme::Role;
    const Role roles[] = {Role::Query, Role::Key, Role::Value, Role::Output};
    const QColor colors[] = {ColorScheme::text(), ColorScheme::query(), ColorScheme::key(),
                             ColorScheme::value(), ColorScheme::output()};
    const bool shown[] = {true, m_layers[0], m_layers[1], m_layers[2], m_layers[3]};
    // QTextDocument rather than QStaticText, whose rich text wraps at a width of its own.
    QTextDocument texts[5];
    for (int i = 0; i < 5; ++i) {
        texts[i].setDocumentMargin(0);
        texts[i].setDefaultFont(font());
        texts[i].setHtml(legendRow(i));
    }
    const QRect box = legendRect();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = ColorScheme::background();
    fill.setAlpha(225);
    painter.setPen(QPen(ColorScheme::grid().darker(110), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 4, 4);
    int y = box.top() + 4;
    for (int i = 0; i < 5; ++i) {
        if (!shown[i])
            continue;
        const double cy = y + line / 2.0;
        if (i == 0) {
            painter.setPen(QPen(ColorScheme::background(), 1.5));
            painter.setBrush(colors[i]);
            painter.drawEllipse(QPointF(box.left() + 20, cy), 5, 5);
        } else {
            ArrowPainter::Style style = ArrowPainter::styleFor(roles[i - 1], 2, 8);
            ArrowPainter::drawArrow(painter, QPointF(box.left() + 8, cy),
                                    QPointF(box.left() + 34, cy), style);
        }
        painter.save();
        painter.translate(box.left() + 42, cy - texts[i].size().height() / 2);
        texts[i].drawContents(&painter);
        painter.restore();
        y += line;
    }
}

void TokenCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), ColorScheme::background());
    painter.setBackground(ColorScheme::background());
    drawGrid(painter);
    painter.setRenderHint(QPainter::Antialiasing, true);

    const int n = m_model->tokenCount();
    const QPointF origin = m_view.toScreen(QPointF(0, 0));
    if (m_model->hasResult()) {
        const attn::SelfAttentionResult &r = m_model->result();
        // The selected token's attention: a line to every token it looks at, as thick as the
        // weight (the heat map's row, on the plane).
        const QPointF from = tokenPosition(m_selected);
        for (int j = 0; j < n; ++j) {
            const double w = r.weights(m_selected, j);
            if (j == m_selected || w <= 0)
                continue;
            QColor c = ColorScheme::output();
            c.setAlphaF(float(0.15 + 0.6 * w));
            painter.setPen(QPen(c, 1 + 9 * w, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(from, tokenPosition(j));
        }

        // Values and keys under the queries, the dashed outputs on top: with equal projections
        // arrows coincide, and the query is the one to see.
        const int order[] = {int(Layer::Value), int(Layer::Key), int(Layer::Query),
                             int(Layer::Output)};
        const attn::Matrix *mats[] = {&r.q, &r.k, &r.v, &r.output};
        using Role = ColorScheme::Role;
        const Role roles[] = {Role::Query, Role::Key, Role::Value, Role::Output};
        const QColor colors[] = {ColorScheme::query(), ColorScheme::key(), ColorScheme::value(),
                                 ColorScheme::output()};
        const QString names[] = {QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v"),
                                 QStringLiteral("y")};
        struct Label
        {
            QPointF tip;
            QString text;
            QColor color;
        };
        QList<Label> labels;
        // Faint arrows first, the selected token's on top.
        for (int pass = 0; pass < 2; ++pass) {
            for (int i = 0; i < n; ++i) {
                const bool selected = i == m_selected;
                if (selected != (pass == 1))
                    continue;
                for (int layer : order) {
                    if (!m_layers[layer])
                        continue;
                    const attn::Matrix &m = *mats[layer];
                    const QPointF tip = m_view.toScreen(QPointF(m(i, 0), m(i, 1)));
                    ArrowPainter::Style style = ArrowPainter::styleFor(
                        roles[layer], selected ? 2.5 : 1.5, selected ? 13 : 9);
                    style.opacity = selected ? 1.0 : kFaint;
                    ArrowPainter::drawArrow(painter, origin, tip, style);
                    if (!selected)
                        continue;
                    // Arrows that end at the same point share one label ("q₃, v₃").
                    const QString text = names[layer] + NumberFormat::subscript(i + 1);
                    auto same = std::find_if(labels.begin(), labels.end(), [&](const Label &l) {
                        return QLineF(l.tip, tip).length() < 3;
                    });
                    if (same != labels.end()) {
                        same->text = text + QStringLiteral(", ") + same->text;
                        same->color = colors[layer];
                    } else {
                        labels << Label{tip, text, colors[layer]};
                    }
                }
            }
        }
        for (const Label &l : std::as_const(labels))
            ArrowPainter::drawLabel(painter, origin, l.tip, l.text, l.color);
    }

    // Tokens on top of everything: they are what the hand grabs.
    for (int i = 0; i < n; ++i) {
        const QPointF p = tokenPosition(i);
        const bool selected = i == m_selected;
        if (selected || i == m_hovered) {
            painter.setPen(QPen(ColorScheme::output(), selected ? 2.5 : 1.5));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(p, 11, 11);
        }
        painter.setPen(QPen(ColorScheme::background(), 1.5));
        painter.setBrush(ColorScheme::text());
        painter.drawEllipse(p, 6.5, 6.5);
        const QString label = QStringLiteral("x") + NumberFormat::subscript(i + 1);
        const QRectF box = tokenLabelRect(i);
        QColor halo = ColorScheme::background();
        halo.setAlpha(200);
        painter.setPen(Qt::NoPen);
        painter.setBrush(halo);
        painter.drawRoundedRect(box, 3, 3);
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(ColorScheme::text());
        painter.drawText(box, Qt::AlignCenter, label);
        painter.setFont(font());
    }

    drawLegend(painter);
    if (!m_model->hasResult()) {
        painter.setPen(ColorScheme::query());
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignBottom | Qt::TextWordWrap,
                         m_model->errorText());
    }
    if (hasFocus()) {
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(QPen(palette().highlight().color(), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect().adjusted(1, 1, -1, -1));
    }
}
