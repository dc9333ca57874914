#include "export/animationdialog.h"

#include "export/gifoptionsrows.h"
#include "widgets/workerwait.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QProgressDialog>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace {
QString key(const char *name)
{
    return QStringLiteral("animation/") + QLatin1String(name);
}
} // namespace

AnimationDialog::AnimationDialog(const ExportSource &source, SceneModel *model, QWidget *parent)
    : QDialog(parent), m_source(source), m_model(model), m_exporter(source)
{
    setObjectName(QStringLiteral("animationDialog"));
    const QSettings settings;
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("kindCombo"));
    m_kind->addItems({QString(), QString()}); // SweepAnimation::Kind's order; texts in retranslate
    m_kind->setCurrentIndex(std::clamp(settings.value(key("kind"), 0).toInt(), 0, 1));
    m_part = new QComboBox(this);
    m_part->setObjectName(QStringLiteral("partCombo"));
    m_part->addItems({QString(), QString(), QString()}); // Exporter::Part's order
    m_part->setCurrentIndex(int(Exporter::partFromId(settings.value(key("part")).toString())
                                    .value_or(Exporter::Part::Canvas)));
    m_rows = new GifOptionsRows(this, {.group = QStringLiteral("animation"),
                                       .fileName = QStringLiteral("attention-canvas.gif"),
                                       .fps = 25});

    auto *form = new QFormLayout;
    for (QLabel *&label : m_labels)
        label = new QLabel(this);
    m_labels[0]->setBuddy(m_kind);
    m_labels[1]->setBuddy(m_part);
    form->addRow(m_labels[0], m_kind);
    form->addRow(m_labels[1], m_part);
    m_rows->addRows(form);
    m_rows->addFileRow(form);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_rows->errorLabel());
    layout->addWidget(m_rows->buttons());

    retranslate();
    onPartChanged();
    connect(m_part, &QComboBox::currentIndexChanged, this, &AnimationDialog::onPartChanged);
}

AnimationDialog::~AnimationDialog() = default;

void AnimationDialog::retranslate()
{
    setWindowTitle(tr("Export Animation"));
    m_kind->setItemText(0, SweepAnimation::name(SweepAnimation::Kind::RotateQuery));
    m_kind->setItemText(1, SweepAnimation::name(SweepAnimation::Kind::Temperature));
    m_part->setItemText(0, tr("Whole window"));
    m_part->setItemText(1, tr("Canvas"));
    m_part->setItemText(2, tr("Weight chart"));
    m_labels[0]->setText(tr("Animation:"));
    m_labels[1]->setText(tr("Part:"));
    m_rows->retranslate();
}

AnimationExport::Options AnimationDialog::options() const
{
    AnimationExport::Options o;
    o.kind = SweepAnimation::Kind(m_kind->currentIndex());
    o.frames = m_rows->framesBox()->value();
    o.picture.part = Exporter::Part(m_part->currentIndex());
    o.picture.size = m_rows->size();
    o.picture.scale = 1;
    o.gif = m_rows->gif();
    return o;
}

QString AnimationDialog::filePath() const
{
    return m_rows->filePath();
}

void AnimationDialog::setFilePath(const QString &path)
{
    m_rows->setFilePath(path, false);
}

void AnimationDialog::onPartChanged()
{
    const Exporter::Part part = Exporter::Part(m_part->currentIndex());
    // The part as it is on screen: what the teacher sees is what the slide gets.
    m_rows->setSize(m_exporter.naturalSize(part), m_exporter.minimumSize(part));
    m_rows->refresh();
}

void AnimationDialog::saveSettings() const
{
    QSettings settings;
    settings.setValue(key("kind"), m_kind->currentIndex());
    settings.setValue(key("part"), Exporter::partId(Exporter::Part(m_part->currentIndex())));
    m_rows->saveSettings();
}

void AnimationDialog::accept()
{
    const QString path = m_rows->fileToWrite(tr("Choose a file to write the animation to."));
    if (path.isEmpty())
        return;

    AnimationExport animation(m_source, m_model, options());
    if (const QString why = animation.problem(); !why.isEmpty()) {
        m_rows->errorLabel()->setText(why);
        return;
    }
    QProgressDialog progress(tr("Drawing the frames…"), tr("Cancel"), 0, animation.total(), this);
    progress.setObjectName(QStringLiteral("animationProgress"));
    progress.setWindowTitle(tr("Export Animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    // The frames are drawn here, one per slice, and quantised and written in a worker; between
    // slices, and every few milliseconds while the worker is behind, the events: the window
    // repaints and Cancel is heard.
    animation.encodeInWorker();
    while (animation.step()) {
        progress.setValue(animation.done());
        WorkerWait::letEventsIn(animation.waiting());
        if (progress.wasCanceled()) {
            animation.restore();
            return; // nothing was written; the dialog stays for another try
        }
    }
    progress.setValue(progress.maximum());
    QString error;
    if (!animation.finished()) {
        m_rows->errorLabel()->setText(animation.error());
        return;
    }
    if (!animation.write(path, &error)) {
        m_rows->errorLabel()->setText(error);
        return;
    }
    saveSettings();
    QDialog::accept();
}

void AnimationDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}
