#include "copycodeactions.h"

#include <QAction>
#include <QClipboard>
#include <QEvent>
#include <QGuiApplication>
#include <QKeySequence>
#include <QMenu>
#include <QToolButton>
#include <QWidget>

CopyCodeActions::CopyCodeActions(QWidget *window, Source source)
    : QObject(window), m_source(std::move(source)), m_python(new QAction(window)),
      m_pytorch(new QAction(window))
{
    m_python->setObjectName(QStringLiteral("actionCopyPython"));
    m_pytorch->setObjectName(QStringLiteral("actionCopyPyTorch"));
    m_python->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+P")));
    m_pytorch->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+T")));
    // On the window itself too, so that the keys work where the actions sit only in a button's
    // menu (the Sequence window).
    window->addActions({m_python, m_pytorch});
    connect(m_python, &QAction::triggered, this, [this] { copy(PythonCode::Flavour::NumPy); });
    connect(m_pytorch, &QAction::triggered, this, [this] { copy(PythonCode::Flavour::PyTorch); });
    retranslate();
}

QToolButton *CopyCodeActions::createButton(QWidget *parent)
{
    m_button = new QToolButton(parent);
    m_button->setObjectName(QStringLiteral("copyCodeButton"));
    m_button->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_button);
    menu->addActions(actions());
    m_button->setMenu(menu);
    retranslate();
    return m_button;
}

void CopyCodeActions::copy(PythonCode::Flavour flavour)
{
    const QString program = m_source(flavour);
    if (program.isEmpty()) {
        emit copied(tr("Nothing to copy: the attention cannot be computed as it stands."));
        return;
    }
    QGuiApplication::clipboard()->setText(program);
    emit copied(flavour == PythonCode::Flavour::NumPy ? tr("Copied the Python program (NumPy).")
                                                      : tr("Copied the Python program (PyTorch)."));
}

bool CopyCodeActions::event(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::event(event);
}

void CopyCodeActions::retranslate()
{
    m_python->setText(tr("Copy as P&ython"));
    m_python->setToolTip(tr("Copy a NumPy program that rebuilds this and prints the same numbers"));
    m_pytorch->setText(tr("Copy as Py&Torch"));
    m_pytorch->setToolTip(
        tr("Copy a PyTorch program that rebuilds this and prints the same numbers"));
    if (m_button) {
        m_button->setText(tr("Copy as code"));
        m_button->setToolTip(tr("Copy a Python program that rebuilds this model and sentence"));
    }
}
