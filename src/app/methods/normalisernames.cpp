#include "normalisernames.h"

QString NormaliserNames::name(attn::Normaliser normaliser)
{
    switch (normaliser) {
    case attn::Normaliser::Softmax:
        return tr("softmax");
    case attn::Normaliser::Sparsemax:
        return tr("sparsemax");
    case attn::Normaliser::Softmax1:
        return tr("softmax₁ (softmax plus one)");
    case attn::Normaliser::Sigmoid:
        return tr("sigmoid");
    }
    return {};
}
