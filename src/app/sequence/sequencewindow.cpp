#include "sequence/sequencewindow.h"

#include "model/sequencesession.h"
#include "panels/sequencepages.h"
#include "sequence/sequenceheadview.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/sequencetokenstrip.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

// The order of the position selector's entries.
constexpr attn::PositionKind kKinds[] = {attn::PositionKind::None, attn::PositionKind::Sinusoidal,
                                         attn::PositionKind::Learned, attn::PositionKind::Rotary};

} // namespace

SequenceWindow::SequenceWindow(QWidget *parent)
    : QWidget(parent, Qt::Window), m_session(new SequenceSession(this))
{
    m_presets = new QToolButton(this);
    m_presets->setPopupMode(QToolButton::InstantPopup);
    m_presets->setMenu(new QMenu(m_presets));
    m_sentenceLabel = new QLabel(this);
    m_sentence = new QLineEdit(this);
    m_sentence->setClearButtonEnabled(true);
    m_sentenceLabel->setBuddy(m_sentence);
    m_addToken = new QToolButton(this);
    m_addToken->setPopupMode(QToolButton::InstantPopup);
    m_addToken->setMenu(new QMenu(m_addToken));
    m_splitLabel = new QLabel(this);
    m_split = new QComboBox(this);
    m_split->addItems({QString(), QString()});
    m_splitLabel->setBuddy(m_split);

    m_positionsLabel = new QLabel(this);
    m_positions = new QComboBox(this);
    m_positions->addItems({QString(), QString(), QString(), QString()});
    m_positionsLabel->setBuddy(m_positions);
    m_causal = new QCheckBox(this);
    m_temperatureLabel = new QLabel(this);
    m_temperature = new QDoubleSpinBox(this);
    m_temperature->setRange(0.05, 20);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperatureLabel->setBuddy(m_temperature);
    m_shiftLabel = new QLabel(this);
    m_shift = new QSpinBox(this);
    m_shift->setRange(0, 1000);
    m_shiftLabel->setBuddy(m_shift);

    m_statement = new QLabel(this);
    m_statement->setWordWrap(true);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();

    m_strip = new SequenceTokenStrip(m_session, this);
    auto *stripScroll = new QScrollArea(this);
    stripScroll->setWidget(m_strip);
    stripScroll->setWidgetResizable(true);
    stripScroll->setFrameShape(QFrame::NoFrame);
    stripScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    stripScroll->setFixedHeight(m_strip->sizeHint().height() +
                                stripScroll->horizontalScrollBar()->sizeHint().height());

    m_grid = new SequenceHeatmapGrid(m_session, this);
    m_headView = new SequenceHeadView(m_session, this);
    m_qk = new SequenceQkCanvas(m_session, this);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_grid);
    splitter->addWidget(m_headView);
    splitter->addWidget(m_qk);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);

    auto *sentenceRow = new QHBoxLayout;
    sentenceRow->addWidget(m_presets);
    sentenceRow->addWidget(m_sentenceLabel);
    sentenceRow->addWidget(m_sentence, 1);
    sentenceRow->addWidget(m_addToken);
    sentenceRow->addWidget(m_splitLabel);
    sentenceRow->addWidget(m_split);
    auto *controlRow = new QHBoxLayout;
    controlRow->addWidget(m_positionsLabel);
    controlRow->addWidget(m_positions);
    controlRow->addSpacing(12);
    controlRow->addWidget(m_causal);
    controlRow->addSpacing(12);
    controlRow->addWidget(m_temperatureLabel);
    controlRow->addWidget(m_temperature);
    controlRow->addSpacing(12);
    controlRow->addWidget(m_shiftLabel);
    controlRow->addWidget(m_shift);
    controlRow->addStretch(1);
    controlRow->addWidget(createExplainButton());
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(sentenceRow);
    layout->addWidget(stripScroll);
    layout->addLayout(controlRow);
    layout->addWidget(m_explanation);
    layout->addWidget(m_statement);
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);

    // Typing: every edit is tried at once; one the vocabulary cannot read leaves the last good
    // sentence on screen and says which piece is unknown.
    connect(m_sentence, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_typing = true;
        m_session->setText(text, m_split->currentIndex() == 0 ? SequenceSession::Split::Space
                                                              : SequenceSession::Split::Character);
        m_typing = false;
    });
    connect(m_split, &QComboBox::activated, this, [this](int index) {
        const auto split =
            index == 0 ? SequenceSession::Split::Space : SequenceSession::Split::Character;
        // Re-read what is typed with the new rule; if that fails, keep the tokens and write
        // them the new way.
        if (!m_session->setText(m_sentence->text(), split))
            m_session->setSplit(split);
    });
    connect(m_positions, &QComboBox::activated, this,
            [this](int index) { m_session->setPositionKind(kKinds[index]); });
    connect(m_causal, &QCheckBox::toggled, m_session, &SequenceSession::setCausal);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, m_session,
            &SequenceSession::setTemperature);
    connect(m_shift, &QSpinBox::valueChanged, m_session, &SequenceSession::setShift);
    connect(m_grid, &SequenceHeatmapGrid::focusChanged, this, [this](int layer, int) {
        m_headView->setLayer(layer);
        m_qk->setLayer(layer);
    });
    connect(m_session, &SequenceSession::changed, this, [this] {
        showMessage(QString());
        syncFromSession();
    });
    connect(m_session, &SequenceSession::refused, this, [this](const QString &why) {
        showMessage(why);
        syncFromSession(); // controls go back to what the model holds
    });

    retranslate();
    rebuildPresetMenu();
    syncFromSession();
    resize(1280, 800);
}

SequenceWindow::~SequenceWindow()
{
    // The views read the session until they are gone.
    delete m_grid;
    delete m_headView;
    delete m_qk;
    delete m_strip;
}

void SequenceWindow::showWindow()
{
    show();
    if (isMinimized())
        setWindowState(windowState() & ~Qt::WindowMinimized);
    raise();
    activateWindow();
}

bool SequenceWindow::loadPreset(const QString &path)
{
    return m_session->loadFile(path);
}

QString SequenceWindow::presetTitle(const QString &path)
{
    const QString name = QFileInfo(path).completeBaseName();
    if (name == QLatin1String("previous-token-rotary"))
        return tr("Previous-token head (rotary positions)");
    if (name == QLatin1String("first-token-learned"))
        return tr("First-token head (learned positions)");
    if (name == QLatin1String("two-layer-induction"))
        return tr("Two layers");
    if (name == QLatin1String("sentence-english"))
        return tr("A sentence in English");
    if (name == QLatin1String("sentence-chinese"))
        return tr("A sentence in Chinese");
    return name;
}

void SequenceWindow::rebuildPresetMenu()
{
    QMenu *menu = m_presets->menu();
    menu->clear();
    for (const QString &path : SequenceSession::presetPaths())
        menu->addAction(presetTitle(path), this, [this, path] { loadPreset(path); });
}

void SequenceWindow::rebuildVocabularyMenu()
{
    // Building a sentence from the vocabulary: each entry appends its token.
    QMenu *menu = m_addToken->menu();
    menu->clear();
    const auto &vocabulary = m_session->model().vocabulary;
    for (int t = 0; t < int(vocabulary.size()); ++t)
        menu->addAction(QString::fromStdString(vocabulary[std::size_t(t)]), this, [this, t] {
            std::vector<int> tokens = m_session->tokens();
            tokens.push_back(t);
            m_session->setTokens(tokens);
        });
}

void SequenceWindow::retranslate()
{
    setWindowTitle(tr("Sequence — Attention Canvas"));
    m_presets->setText(tr("Presets"));
    m_presets->setToolTip(tr("Load a ready-made model and sentence"));
    m_sentenceLabel->setText(tr("&Sentence:"));
    m_sentence->setPlaceholderText(tr("Type tokens from the vocabulary"));
    m_addToken->setText(tr("Add a token"));
    m_addToken->setToolTip(tr("Append a token of the vocabulary to the sentence"));
    m_splitLabel->setText(tr("Split:"));
    m_split->setItemText(0, tr("by space"));
    m_split->setItemText(1, tr("by character"));
    m_split->setToolTip(tr("How the typed text is cut into tokens"));
    m_positionsLabel->setText(tr("&Positions:"));
    m_positions->setItemText(0, tr("none"));
    m_positions->setItemText(1, tr("sinusoidal (added)"));
    m_positions->setItemText(2, tr("learned (added)"));
    m_positions->setItemText(3, tr("rotary position embedding"));
    m_causal->setText(tr("&Causal mask"));
    m_causal->setToolTip(tr("Token i attends only to tokens 0 … i"));
    m_temperatureLabel->setText(tr("&Temperature τ:"));
    m_shiftLabel->setText(tr("S&hift every position by m ="));
    m_shift->setToolTip(tr("Token i moves from position i to position m + i"));
    rebuildPresetMenu();
    retranslateExplanation();
    syncFromSession();
}

QToolButton *SequenceWindow::createExplainButton()
{
    m_explain = new QToolButton(this);
    m_explain->setPopupMode(QToolButton::InstantPopup);
    m_explain->setMenu(new QMenu(m_explain));
    // The pages carry the theme's colours in their HTML: a new theme writes them again.
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        if (m_explanationBrowser && m_explanationBrowser->isVisible())
            showExplanation(m_explanationPage);
    });
    return m_explain;
}

void SequenceWindow::retranslateExplanation()
{
    m_explain->setText(tr("Explain"));
    m_explain->setToolTip(tr("Why attention needs positions, and the residual stream"));
    QMenu *menu = m_explain->menu();
    menu->clear();
    for (int page : {int(SequencePages::Page::Positions), int(SequencePages::Page::Residual)})
        menu->addAction(SequencePages::title(SequencePages::Page(page)), this,
                        [this, page] { showExplanation(page); });
    if (m_explanationBrowser && m_explanationBrowser->isVisible())
        showExplanation(m_explanationPage); // the page again, in the new language
}

void SequenceWindow::showExplanation(int page)
{
    // A window of its own beside this one, as the main window's explanation is a dock beside
    // its canvas: the learner reads while the maps stay in view.
    if (!m_explanationBrowser) {
        m_explanationBrowser = new QTextBrowser(this);
        m_explanationBrowser->setWindowFlag(Qt::Window);
        m_explanationBrowser->resize(640, 720);
    }
    m_explanationPage = page;
    const QFont f = m_explanationBrowser->font();
    const double points =
        f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize() * 72.0 / logicalDpiY();
    m_explanationBrowser->setWindowTitle(SequencePages::title(SequencePages::Page(page)));
    m_explanationBrowser->setHtml(SequencePages::html(SequencePages::Page(page), points * 1.2));
    if (isVisible()) {
        m_explanationBrowser->show();
        m_explanationBrowser->raise();
    }
}

void SequenceWindow::syncFromSession()
{
    const auto &model = m_session->model();
    {
        const QSignalBlocker b1(m_positions), b2(m_causal), b3(m_temperature), b4(m_shift),
            b5(m_split);
        for (int i = 0; i < 4; ++i)
            if (kKinds[i] == model.positions)
                m_positions->setCurrentIndex(i);
        m_causal->setChecked(model.causal);
        m_temperature->setValue(model.temperature);
        m_shift->setValue(m_session->shift());
        m_split->setCurrentIndex(m_session->split() == SequenceSession::Split::Space ? 0 : 1);
    }
    // While the learner types, the field keeps their text (with any unknown piece in it).
    if (!m_typing && m_message->isHidden())
        m_sentence->setText(m_session->text());
    QStringList names;
    for (const auto &name : model.vocabulary)
        names << QString::fromStdString(name);
    m_sentence->setToolTip(tr("Vocabulary: %1").arg(names.join(QStringLiteral(" "))));
    if (names != m_menuVocabulary) {
        m_menuVocabulary = names;
        rebuildVocabularyMenu();
    }
    updateStatement();
}

void SequenceWindow::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setStyleSheet(QStringLiteral("color: %1").arg(ColorScheme::error().name()));
    m_message->setVisible(!text.isEmpty());
}

void SequenceWindow::updateStatement()
{
    if (!m_session->hasResult())
        return;
    const int m = m_session->shift();
    const QString change = QLocale().toString(m_session->shiftScoreChange(), 'g', 3);
    const auto kind = m_session->model().positions;
    QString text;
    if (m == 0)
        text = tr("Set m to move every token m places along: the scores are then compared with "
                  "those at positions 0, 1, 2, …");
    else if (m_session->shiftKeepsScores() && kind == attn::PositionKind::Rotary)
        text = tr("Shifted by m = %1, no score changed (largest change %2): rotary position "
                  "embedding turns q_i by i·θ and k_j by j·θ, and their dot product depends "
                  "only on the offset i − j.")
                   .arg(m)
                   .arg(change);
    else if (m_session->shiftKeepsScores())
        text = tr("Shifted by m = %1, no score changed (largest change %2).").arg(m).arg(change);
    else if (kind == attn::PositionKind::Sinusoidal || kind == attn::PositionKind::Learned)
        text = tr("Shifted by m = %1, the scores changed by up to %2: added positions change "
                  "x_i itself, so q_i·k_j depends on where the tokens stand, not only on i − j.")
                   .arg(m)
                   .arg(change);
    else
        text = tr("Shifted by m = %1, the scores changed by up to %2.").arg(m).arg(change);
    m_statement->setText(text);

    QString why;
    switch (kind) {
    case attn::PositionKind::None:
        why = tr("No positions: with the causal mask off, attention sees a set. Reorder the tokens "
                 "and every map's rows and columns are reordered the same way; nothing else "
                 "changes. (The causal mask by itself already tells earlier tokens from later "
                 "ones.)");
        break;
    case attn::PositionKind::Sinusoidal:
        why = tr("Sinusoidal positions: P_i, with P_i[2j] = sin(i / base^(2j/D)) and "
                 "P_i[2j+1] = cos(i / base^(2j/D)), is added to token i's embedding before its "
                 "query and key are formed, so every score mixes what the tokens are with where "
                 "they stand.");
        break;
    case attn::PositionKind::Learned:
        why = tr("Learned positions: row i of a table of numbers is added to token i's embedding. "
                 "Nothing ties position 7 to position 8 but the numbers in their rows, which "
                 "training (or whoever wrote the file) chose.");
        break;
    case attn::PositionKind::Rotary:
        why = tr("Rotary position embedding: every pair of components of q_i is turned by the "
                 "angle i·θ, and of k_j by j·θ. Rotations keep lengths and R(iθ)ᵀR(jθ) = "
                 "R((j − i)θ), so q_i·k_j = qᵀR((j − i)θ)k depends only on the offset j − i.");
        break;
    }
    m_explanation->setText(why);
}

void SequenceWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
