#include "panels/explanationpanel.h"

#include "model/scenemodel.h"
#include "panels/explanationtext.h"
#include "panels/normaliserpages.h"
#include "panels/sequencepages.h"
#include "panels/trainingpages.h"
#include "theme/appearance.h"
#include "ui_explanationpanel.h"
#include "widgets/onscreenwatcher.h"
#include "widgets/updatethrottle.h"

#include <QComboBox>
#include <QEvent>
#include <QScrollBar>
#include <QTextBlockFormat>
#include <QTextBrowser>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>

namespace {

// The text is read from the back of a classroom: larger than the rest of the window, and the
// formulas larger still.
constexpr double kTextScale = 1.2;
constexpr double kFormulaScale = 1.2; // relative to the text

const char *pageName(ExplanationPanel::Page page)
{
    switch (page) {
    case ExplanationPanel::Page::Method:
        return "method";
    case ExplanationPanel::Page::Softmax:
        return "softmax";
    case ExplanationPanel::Page::Glossary:
        return "glossary";
    case ExplanationPanel::Page::Mistakes:
        return "mistakes";
    case ExplanationPanel::Page::Positions:
        return "positions";
    case ExplanationPanel::Page::Residual:
        return "residual";
    case ExplanationPanel::Page::Gradient:
        return "gradient";
    case ExplanationPanel::Page::Plateaus:
        return "plateaus";
    case ExplanationPanel::Page::PreviousToken:
        return "previous-token";
    case ExplanationPanel::Page::Induction:
        return "induction";
    case ExplanationPanel::Page::SumToOne:
    case ExplanationPanel::Page::Sparsemax:
    case ExplanationPanel::Page::SoftmaxOne:
    case ExplanationPanel::Page::Sigmoid:
    case ExplanationPanel::Page::Sink:
        // The pages link to each other by these names.
        return NormaliserPages::linkName(
            NormaliserPages::Page(int(page) - int(ExplanationPanel::Page::SumToOne)));
    }
    return "";
}

} // namespace

ExplanationPanel::ExplanationPanel(SceneModel *model, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::ExplanationPanel>()), m_model(model),
      m_sceneThrottle(new UpdateThrottle(
          50,
          [this] {
              if (m_onScreen->isOnScreen())
                  refresh();
          },
          this)),
      m_onScreen(new OnScreenWatcher(this, [this] { ensureCurrent(); }))
{
    m_ui->setupUi(this);
    titleSequencePages();
    m_ui->browser->setUndoRedoEnabled(false);
    m_ui->browser->document()->setDocumentMargin(QFontMetrics(font()).height() * 0.6);
    // Headings closer to their text than Qt's defaults, so that more fits on a projector.
    m_ui->browser->document()->setDefaultStyleSheet(
        QStringLiteral("h2 { margin-top: 0px; margin-bottom: 8px; } "
                       "h3 { margin-top: 14px; margin-bottom: 4px; } "
                       "li { margin-bottom: 4px; }"));

    connect(m_ui->pageCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        refresh();
        emit pageChanged(Page(index));
    });
    connect(m_ui->browser, &QTextBrowser::anchorClicked, this, &ExplanationPanel::onAnchorClicked);
    connect(m_model, &SceneModel::changed, this, &ExplanationPanel::onModelChanged);
    // The pages carry the lesson's colours in their HTML: a new theme writes them again.
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        m_needsRebuild = true;
        if (m_onScreen->isOnScreen())
            refresh();
    });

    applyFonts();
    refresh();
}

ExplanationPanel::~ExplanationPanel() = default;

ExplanationPanel::Page ExplanationPanel::page() const
{
    return Page(m_ui->pageCombo->currentIndex());
}

void ExplanationPanel::setPage(Page page)
{
    m_ui->pageCombo->setCurrentIndex(int(page));
}

QString ExplanationPanel::html() const
{
    ensureCurrent();
    return m_body + m_scene;
}

QTextBrowser *ExplanationPanel::browser() const
{
    return m_ui->browser;
}

void ExplanationPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        titleSequencePages();
        m_needsRebuild = true;
        if (m_onScreen->isOnScreen())
            refresh();
    } else if (event->type() == QEvent::FontChange) {
        applyFonts();
        m_needsRebuild = true;
        if (m_onScreen->isOnScreen())
            refresh();
    }
    QWidget::changeEvent(event);
}

void ExplanationPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    ensureCurrent();
}

void ExplanationPanel::onModelChanged()
{
    // The glossary, the mistakes, the sequence pages and most training pages do not depend on
    // the scene.
    if (page() != Page::Method && page() != Page::Softmax && page() != Page::Gradient)
        return;
    m_stale = true;
    // Hidden or behind another tab: it catches up when it comes into view.
    if (!m_onScreen->isOnScreen())
        return;
    // A new method rebuilds the page at once; numbers that follow a drag go through the throttle.
    if (int(m_model->scene().method) != m_shownMethod)
        refresh();
    else
        m_sceneThrottle->request();
}

void ExplanationPanel::onAnchorClicked(const QUrl &url)
{
    if (url.scheme() != ExplanationText::linkScheme())
        return;
    for (int n = 0; n <= int(Page::Sink); ++n) {
        const Page p = Page(n);
        if (url.path() == QLatin1String(pageName(p))) {
            setPage(p);
            if (url.hasFragment())
                m_ui->browser->scrollToAnchor(url.fragment());
            return;
        }
    }
}

void ExplanationPanel::ensureCurrent() const
{
    if (m_stale || m_needsRebuild)
        const_cast<ExplanationPanel *>(this)->refresh();
}

void ExplanationPanel::refresh()
{
    const Page p = page();
    const bool moved = int(p) != m_shownPage ||
                       (p == Page::Method && int(m_model->scene().method) != m_shownMethod);
    if (m_needsRebuild || moved || m_scenePosition < 0)
        rebuild();
    else if (m_stale)
        replaceScene();
}

void ExplanationPanel::rebuild()
{
    m_stale = false;
    m_needsRebuild = false;
    const Page p = page();
    const attn::Method method = m_model->scene().method;
    switch (p) {
    case Page::Method:
        m_body = ExplanationText::methodText(method, formulaPointSize());
        m_scene = ExplanationText::methodScene(*m_model);
        break;
    case Page::Softmax:
        m_body = ExplanationText::softmaxText(formulaPointSize());
        m_scene = ExplanationText::softmaxScene(*m_model);
        break;
    case Page::Glossary:
        m_body = ExplanationText::glossaryPage();
        m_scene.clear();
        break;
    case Page::Mistakes:
        m_body = ExplanationText::mistakesPage();
        m_scene.clear();
        break;
    case Page::Positions:
        m_body = SequencePages::html(SequencePages::Page::Positions, formulaPointSize());
        m_scene.clear();
        break;
    case Page::Residual:
        m_body = SequencePages::html(SequencePages::Page::Residual, formulaPointSize());
        m_scene.clear();
        break;
    case Page::Gradient:
    case Page::Plateaus:
    case Page::PreviousToken:
    case Page::Induction:
        m_body = TrainingPages::html(TrainingPages::Page(int(p) - int(Page::Gradient)),
                                     formulaPointSize());
        m_scene = sceneFacts(p);
        break;
    case Page::SumToOne:
    case Page::Sparsemax:
    case Page::SoftmaxOne:
    case Page::Sigmoid:
    case Page::Sink:
        m_body = NormaliserPages::html(NormaliserPages::Page(int(p) - int(Page::SumToOne)),
                                       formulaPointSize());
        m_scene.clear();
        break;
    }
    // A new page or method starts at the top; a new language or font keeps the reader's place.
    const bool samePlace =
        int(p) == m_shownPage && (p != Page::Method || int(method) == m_shownMethod);
    QScrollBar *bar = m_ui->browser->verticalScrollBar();
    const int position = samePlace ? bar->value() : 0;
    m_ui->browser->setHtml(m_body);
    m_scenePosition = -1;
    if (!m_scene.isEmpty()) {
        // The scene goes into a fresh plain block after the explanation, so that replacing it
        // later never touches the explanation's last paragraph.
        QTextCursor cursor(m_ui->browser->document());
        cursor.movePosition(QTextCursor::End);
        cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
        m_scenePosition = cursor.position();
        cursor.insertHtml(m_scene);
    }
    bar->setValue(position);
    m_shownPage = int(p);
    m_shownMethod = int(method);
}

void ExplanationPanel::replaceScene()
{
    m_stale = false;
    const QString scene = sceneFacts(page());
    if (scene == m_scene)
        return;
    m_scene = scene;
    QTextCursor cursor(m_ui->browser->document());
    cursor.setPosition(m_scenePosition);
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    cursor.insertHtml(m_scene);
}

QString ExplanationPanel::sceneFacts(Page page) const
{
    switch (page) {
    case Page::Method:
        return ExplanationText::methodScene(*m_model);
    case Page::Softmax:
        return ExplanationText::softmaxScene(*m_model);
    case Page::Gradient:
        return TrainingPages::gradientFacts(
            {m_model->query(), m_model->keys(), m_model->scene().method, m_model->scene().params()},
            TrainingPages::tr("In your scene"));
    default:
        return {};
    }
}

void ExplanationPanel::titleSequencePages()
{
    // The form lists the scene's pages; the sequence, training and normaliser pages follow them
    // in Page's order.
    QComboBox *combo = m_ui->pageCombo;
    const QString titles[] = {SequencePages::title(SequencePages::Page::Positions),
                              SequencePages::title(SequencePages::Page::Residual),
                              TrainingPages::title(TrainingPages::Page::Gradient),
                              TrainingPages::title(TrainingPages::Page::Plateaus),
                              TrainingPages::title(TrainingPages::Page::PreviousToken),
                              TrainingPages::title(TrainingPages::Page::Induction),
                              NormaliserPages::title(NormaliserPages::Page::SumToOne),
                              NormaliserPages::title(NormaliserPages::Page::Sparsemax),
                              NormaliserPages::title(NormaliserPages::Page::SoftmaxOne),
                              NormaliserPages::title(NormaliserPages::Page::Sigmoid),
                              NormaliserPages::title(NormaliserPages::Page::Sink)};
    for (int n = 0; n < int(std::size(titles)); ++n) {
        const int index = int(Page::Positions) + n;
        if (combo->count() <= index)
            combo->addItem(titles[n]);
        else
            combo->setItemText(index, titles[n]);
    }
}

void ExplanationPanel::applyFonts()
{
    QFont f = font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * kTextScale);
    else
        f.setPixelSize(qRound(f.pixelSize() * kTextScale));
    m_ui->browser->setFont(f);
}

double ExplanationPanel::formulaPointSize() const
{
    const QFont f = font();
    const double points =
        f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize() * 72.0 / logicalDpiY();
    return points * kTextScale * kFormulaScale;
}
