#pragma once

#include <QCoreApplication>

class QWidget;

/// Help → About: the version, the licence, and the libraries with the versions in use.
class AboutBox
{
    Q_DECLARE_TR_FUNCTIONS(AboutBox)

public:
    /// Shows the box (a QMessageBox named "aboutBox") over `parent` until it is closed.
    static void exec(QWidget *parent);
};
